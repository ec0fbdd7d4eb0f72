DROP TABLE "job_workers" CASCADE;--> statement-breakpoint
DROP TABLE "running_jobs" CASCADE;