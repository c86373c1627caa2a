CREATE TABLE `channel_systems` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`guild_id` text,
	`system` text NOT NULL,
	`set_by` text NOT NULL,
	`set_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `counters` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`name` text NOT NULL,
	`value` integer NOT NULL,
	`max` integer,
	`reset` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `counters_channel_name_idx` ON `counters` (`channel_id`,`name`);--> statement-breakpoint
CREATE TABLE `palettes` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`owner_id` text NOT NULL,
	`character_id` integer,
	`name` text NOT NULL,
	`lines` text NOT NULL,
	`variables` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `palettes_owner_name_idx` ON `palettes` (`guild_id`,`owner_id`,`name`);