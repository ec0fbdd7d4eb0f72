-- Review tools (issue 16): a note may span a range, carry a drawing over its frame, hold the
-- drawing on screen for a while or pause playback on it, and be marked resolved. Replies carry
-- only a drawing. resolved_by survives its author leaving (SET NULL): the note stays resolved.
ALTER TABLE "annotations" ADD COLUMN "drawing" jsonb;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "end_time" double precision;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "display_seconds" double precision DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "pause_here" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;