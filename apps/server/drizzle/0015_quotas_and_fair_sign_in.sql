ALTER TABLE "email_verification_codes" ADD COLUMN "client_hash" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "file_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "requester_network" text;