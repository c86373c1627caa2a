CREATE TABLE "channel_settings" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"guild_id" text,
	"locale" text,
	"set_by" text NOT NULL,
	"set_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guild_settings" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"discord_locale" text,
	"locale" text,
	"time_zone" text,
	"images" boolean,
	"updated_at" timestamp (3) with time zone NOT NULL
);
