CREATE TABLE "tag_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"author_id" uuid,
	"code" text NOT NULL,
	"colour" text NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL,
	"lead_seconds" double precision DEFAULT 0 NOT NULL,
	"lag_seconds" double precision DEFAULT 0 NOT NULL,
	"labels" jsonb NOT NULL,
	"player_id" uuid,
	"period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_events_range_check" CHECK ("tag_events"."end_time" >= "tag_events"."start_time" AND "tag_events"."start_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tag_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"sport" text NOT NULL,
	"buttons" jsonb NOT NULL,
	"label_groups" jsonb NOT NULL,
	"periods" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_events" ADD CONSTRAINT "tag_events_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_events" ADD CONSTRAINT "tag_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_events" ADD CONSTRAINT "tag_events_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_templates" ADD CONSTRAINT "tag_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_templates" ADD CONSTRAINT "tag_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_events_video_start_idx" ON "tag_events" USING btree ("video_id","start_time");--> statement-breakpoint
CREATE INDEX "tag_events_player_idx" ON "tag_events" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "tag_templates_owner_idx" ON "tag_templates" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "tag_templates_team_idx" ON "tag_templates" USING btree ("team_id");