ALTER TABLE "videos" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "storyboard_key" text;