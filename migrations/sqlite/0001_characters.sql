CREATE TABLE `active_characters` (
	`channel_id` text NOT NULL,
	`user_id` text NOT NULL,
	`character_id` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `characters` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`npc_channel_id` text,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`sheet` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `characters_owner_name_idx` ON `characters` (`guild_id`,`owner_id`,`name`) WHERE deleted_at is null;--> statement-breakpoint
CREATE TABLE `luck_shares` (
	`character_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	PRIMARY KEY(`character_id`, `partner_id`)
);
--> statement-breakpoint
CREATE TABLE `seal_requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`character_id` integer NOT NULL,
	`requester_id` text NOT NULL,
	`gm_id` text NOT NULL,
	`effect` text NOT NULL,
	`roll_ids` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer
);
--> statement-breakpoint
ALTER TABLE `rolls` ADD `character_id` integer;--> statement-breakpoint
ALTER TABLE `rolls` ADD `check` text;