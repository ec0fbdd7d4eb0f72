CREATE TABLE "analysis_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_by" uuid,
	"text_analysis" text,
	"overall_feedback" text,
	"coaching_points" jsonb,
	"player_detections" jsonb,
	"key_metric" jsonb,
	"athletes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_ranges_order" CHECK ("analysis_ranges"."end_seconds" > "analysis_ranges"."start_seconds")
);
--> statement-breakpoint
ALTER TABLE "analysis_ranges" ADD CONSTRAINT "analysis_ranges_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_ranges" ADD CONSTRAINT "analysis_ranges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_ranges_video_id_idx" ON "analysis_ranges" USING btree ("video_id","created_at");