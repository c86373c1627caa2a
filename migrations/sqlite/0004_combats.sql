CREATE TABLE `combats` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`status` text NOT NULL,
	`state` text NOT NULL,
	`tracker_message_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `combats_active_channel_idx` ON `combats` (`channel_id`) WHERE status = 'active';