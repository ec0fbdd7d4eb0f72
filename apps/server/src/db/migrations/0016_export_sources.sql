ALTER TABLE "video_exports" ALTER COLUMN "video_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "video_exports" ADD COLUMN "source_kind" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_exports" ADD COLUMN "clip_id" uuid;--> statement-breakpoint
ALTER TABLE "video_exports" ADD COLUMN "playlist_id" uuid;--> statement-breakpoint
ALTER TABLE "video_exports" ADD COLUMN "segments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "video_exports" ADD CONSTRAINT "video_exports_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_exports" ADD CONSTRAINT "video_exports_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_exports_clip_id_idx" ON "video_exports" USING btree ("clip_id");--> statement-breakpoint
CREATE INDEX "video_exports_playlist_id_idx" ON "video_exports" USING btree ("playlist_id");--> statement-breakpoint
-- Exports made before sources had kinds were each one range of their video.
UPDATE "video_exports" SET "segments" = jsonb_build_array(jsonb_build_object('videoId', "video_id", 'start', "start_seconds", 'end', "end_seconds")) WHERE "segments" = '[]'::jsonb;
