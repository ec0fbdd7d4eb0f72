-- Search matches any part of a title in any case (ILIKE '%q%'): trigram indexes serve that.
-- pg_trgm ships with PostgreSQL (the embedded one and Debian's) and is a trusted extension, so
-- the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "videos_owner_created_idx";--> statement-breakpoint
CREATE INDEX "videos_owner_created_id_idx" ON "videos" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);
