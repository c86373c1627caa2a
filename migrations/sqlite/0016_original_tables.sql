CREATE TABLE `original_tables` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text,
	`author_id` text NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`dice` text NOT NULL,
	`entries` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `original_tables_guild_key_idx` ON `original_tables` (`guild_id`,`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `original_tables_server_key_idx` ON `original_tables` (`guild_id`,`key`) WHERE channel_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX `original_tables_channel_key_idx` ON `original_tables` (`channel_id`,`key`) WHERE channel_id is not null;