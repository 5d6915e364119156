CREATE TABLE "project_scene_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"named_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_scene_pictures" (
	"image_id" uuid NOT NULL,
	"scene_index" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "upload_scene_pictures_image_id_scene_index_pk" PRIMARY KEY("image_id","scene_index")
);
--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "mime_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "scene_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_scene_images" ADD CONSTRAINT "project_scene_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_scene_pictures" ADD CONSTRAINT "upload_scene_pictures_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_scene_images_project_id_idx" ON "project_scene_images" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_scene_images_named_at_idx" ON "project_scene_images" USING btree ("named_at");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_scene_count_positive" CHECK ("videos"."scene_count" >= 1);