ALTER TABLE "projects" ALTER COLUMN "state" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "options" SET DATA TYPE json;