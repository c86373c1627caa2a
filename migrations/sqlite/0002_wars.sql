CREATE TABLE `factions` (
	`id` integer PRIMARY KEY NOT NULL,
	`war_id` integer NOT NULL,
	`name` text NOT NULL,
	`master_id` integer,
	`servant_id` integer,
	`members` text NOT NULL,
	`npc` integer NOT NULL,
	`declared` integer NOT NULL,
	`eliminated` integer NOT NULL,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `factions_war_idx` ON `factions` (`war_id`);--> statement-breakpoint
CREATE TABLE `wars` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`name` text NOT NULL,
	`ruleset` text NOT NULL,
	`status` text NOT NULL,
	`day` integer NOT NULL,
	`turn` integer NOT NULL,
	`irregular` text,
	`config` text NOT NULL,
	`board_message_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wars_active_channel_idx` ON `wars` (`channel_id`) WHERE status = 'active';--> statement-breakpoint
ALTER TABLE `events` ADD `batch` text;