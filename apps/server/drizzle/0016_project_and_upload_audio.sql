CREATE TABLE "project_audio" (
	"project_id" uuid NOT NULL,
	"track" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"duration_seconds" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_audio_project_id_track_pk" PRIMARY KEY("project_id","track"),
	CONSTRAINT "project_audio_track_valid" CHECK ("project_audio"."track" in ('voice', 'music'))
);
--> statement-breakpoint
CREATE TABLE "upload_audio" (
	"image_id" uuid NOT NULL,
	"track" text NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"duration_seconds" real NOT NULL,
	CONSTRAINT "upload_audio_image_id_track_pk" PRIMARY KEY("image_id","track"),
	CONSTRAINT "upload_audio_track_valid" CHECK ("upload_audio"."track" in ('voice', 'music'))
);
--> statement-breakpoint
ALTER TABLE "project_audio" ADD CONSTRAINT "project_audio_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_audio" ADD CONSTRAINT "upload_audio_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;