CREATE TABLE "analyses" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'scanning' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"scan_key" text,
	"text_analysis" text,
	"overall_feedback" text,
	"coaching_points" jsonb,
	"player_detections" jsonb,
	"source" text,
	"instructions" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;