ALTER TABLE "clips" ADD COLUMN "cut_bytes" bigint;
