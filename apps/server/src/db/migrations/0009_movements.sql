ALTER TABLE "analyses" ADD COLUMN "athletes" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "movement" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "slow_motion_factor" double precision;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "slow_motion_source" text;