ALTER TABLE "analyses" ADD COLUMN "scan_source" text;--> statement-breakpoint
CREATE INDEX "analyses_scan_source_idx" ON "analyses" USING btree ("scan_source");