ALTER TABLE "tag_suggestion_decisions" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD COLUMN "movement" text;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD COLUMN "athlete" text;--> statement-breakpoint
ALTER TABLE "tag_suggestion_decisions" ADD COLUMN "t" double precision;