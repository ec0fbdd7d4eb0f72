CREATE TABLE "email_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"coach_student_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_students" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_coach_student_id_coach_students_id_fk" FOREIGN KEY ("coach_student_id") REFERENCES "public"."coach_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_email_idx" ON "email_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "coach_students_student_id_idx" ON "coach_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_created_idx" ON "mail_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
-- Accounts that existed before addresses were confirmed keep working as they did: whoever runs
-- a server is not locked out of what they already had. Only an invited athlete who never set a
-- password stays unconfirmed; the link in their invitation confirms them when they use it.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "password_hash" <> '!';--> statement-breakpoint
-- Roster links made before athletes were asked stay as they were; the athlete can now leave.
UPDATE "coach_students" SET "status" = 'accepted';
