CREATE TABLE "user_locales" (
	"user_id" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
