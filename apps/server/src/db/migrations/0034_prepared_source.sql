ALTER TABLE "videos" ADD COLUMN "prepared_from" text;--> statement-breakpoint
CREATE INDEX "videos_prepared_from_idx" ON "videos" USING btree ("prepared_from");