CREATE TABLE "jersey_colors" (
	"id" integer PRIMARY KEY NOT NULL,
	"color" text NOT NULL,
	"swatch" text NOT NULL,
	CONSTRAINT "jersey_colors_color_unique" UNIQUE("color")
);
--> statement-breakpoint
CREATE TABLE "user_jersey_colors" (
	"user_id" uuid NOT NULL,
	"color_id" integer NOT NULL,
	CONSTRAINT "user_jersey_colors_user_id_color_id_pk" PRIMARY KEY("user_id","color_id")
);
--> statement-breakpoint
CREATE TABLE "user_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"blob_key" text NOT NULL,
	"face_embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "key_metric" jsonb;--> statement-breakpoint
ALTER TABLE "user_jersey_colors" ADD CONSTRAINT "user_jersey_colors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_jersey_colors" ADD CONSTRAINT "user_jersey_colors_color_id_jersey_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."jersey_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_photos_user_created_idx" ON "user_photos" USING btree ("user_id","created_at");--> statement-breakpoint
-- The colour list athletes choose from; the same names the vision scan gives shirts
-- (packages/vision jersey-colors.ts, checked by a test).
INSERT INTO "jersey_colors" ("id", "color", "swatch") VALUES
	(1, 'Red', '#c8102e'),
	(2, 'Maroon', '#6e1928'),
	(3, 'Orange', '#ff6a13'),
	(4, 'Yellow', '#ffd100'),
	(5, 'Green', '#00843d'),
	(6, 'Sky Blue', '#6cace4'),
	(7, 'Blue', '#003da5'),
	(8, 'Navy', '#1b264f'),
	(9, 'Purple', '#5f259f'),
	(10, 'Pink', '#e86fa8'),
	(11, 'Black', '#141416'),
	(12, 'White', '#f5f5f5'),
	(13, 'Grey', '#8a8d8f');
