CREATE TABLE "tag_suggestion_decisions" (
	"video_id" uuid NOT NULL,
	"suggestion_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"event_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_suggestion_decisions_video_id_suggestion_id_pk" PRIMARY KEY("video_id","suggestion_id")
);
--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD CONSTRAINT "tag_suggestion_decisions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD CONSTRAINT "tag_suggestion_decisions_event_id_tag_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."tag_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD CONSTRAINT "tag_suggestion_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;