CREATE TABLE "job_workers" (
	"id" serial PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "running_jobs" ADD CONSTRAINT "running_jobs_worker_id_job_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."job_workers"("id") ON DELETE cascade ON UPDATE no action;