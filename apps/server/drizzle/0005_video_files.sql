ALTER TABLE "images" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "duration_seconds" real;