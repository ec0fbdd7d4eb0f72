-- Export video (issue 17): a range of a video rendered with overlays, kept for a while (then
-- swept) under the video's blob prefix. Both foreign keys cascade: a deleted video or account
-- takes its exports along (the video's files go with its prefix; an account's leftover files
-- are found by the blob inventory).
CREATE TABLE "video_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"overlays" text[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"file_key" text,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_exports" ADD CONSTRAINT "video_exports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_exports" ADD CONSTRAINT "video_exports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_exports_owner_created_idx" ON "video_exports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "video_exports_expires_at_idx" ON "video_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "video_exports_video_id_idx" ON "video_exports" USING btree ("video_id");
