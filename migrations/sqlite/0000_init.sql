CREATE TABLE `channel_gms` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`guild_id` text,
	`user_id` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`assigned_by` text NOT NULL,
	`assigned_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`guild_id` text,
	`channel_id` text,
	`actor_id` text NOT NULL,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`before` text,
	`after` text,
	`undone_at` integer
);
--> statement-breakpoint
CREATE INDEX `events_channel_idx` ON `events` (`channel_id`,`id`);--> statement-breakpoint
CREATE TABLE `rolls` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expression` text NOT NULL,
	`normalized` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`outcome` text,
	`dice` text NOT NULL,
	`result` text NOT NULL,
	`comment` text,
	`secret` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rolls_user_channel_idx` ON `rolls` (`user_id`,`channel_id`,`id`);