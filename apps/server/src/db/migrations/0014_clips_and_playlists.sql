-- Clips and playlists (issue 17): a clip is a titled range of a video, owned by whoever made
-- it; a playlist orders its owner's clips and may be shared with a person by address, who then
-- plays the clips' ranges and nothing else of their videos. A clip goes with its video; the
-- trigger counts, on each playlist it was in, a clip that went because its video was deleted,
-- so the playlist can say so.
CREATE TABLE "clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clips_range_check" CHECK ("clips"."end_time" > "clips"."start_time" AND "clips"."start_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"removed_clips" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"clip_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_items_playlist_clip_unique" UNIQUE("playlist_id","clip_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"shared_with_email" text NOT NULL,
	"shared_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_shares_playlist_email_unique" UNIQUE("playlist_id","shared_with_email")
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_shares" ADD CONSTRAINT "playlist_shares_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_shares" ADD CONSTRAINT "playlist_shares_shared_by_id_users_id_fk" FOREIGN KEY ("shared_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_owner_created_idx" ON "clips" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "clips_video_id_idx" ON "clips" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "playlists_owner_updated_idx" ON "playlists" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "playlist_items_playlist_position_idx" ON "playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_items_clip_id_idx" ON "playlist_items" USING btree ("clip_id");--> statement-breakpoint
CREATE INDEX "playlist_shares_email_idx" ON "playlist_shares" USING btree ("shared_with_email");--> statement-breakpoint
-- A clip deleted by the cascade from its video finds the video already gone: only then is it a
-- removal the playlist must own up to (a clip its owner deleted is simply gone).
CREATE FUNCTION "count_clip_removed_with_video"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "videos" WHERE "id" = OLD."video_id") THEN
		UPDATE "playlists" SET "removed_clips" = "removed_clips" + 1, "updated_at" = now()
		WHERE "id" IN (SELECT "playlist_id" FROM "playlist_items" WHERE "clip_id" = OLD."id");
	END IF;
	RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "clips_removed_with_video" BEFORE DELETE ON "clips" FOR EACH ROW EXECUTE FUNCTION "count_clip_removed_with_video"();
