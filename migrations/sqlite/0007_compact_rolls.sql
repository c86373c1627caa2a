PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_rolls` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expression` text,
	`normalized` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`outcome` text,
	`faces` text DEFAULT '' NOT NULL,
	`result` text,
	`comment` text,
	`secret` integer DEFAULT false NOT NULL,
	`character_id` integer,
	`check` text
);
--> statement-breakpoint
INSERT INTO `__new_rolls`("id", "created_at", "guild_id", "channel_id", "user_id", "expression", "normalized", "kind", "value", "outcome", "faces", "result", "comment", "secret", "character_id", "check") SELECT "id", "created_at", "guild_id", "channel_id", "user_id", "expression", "normalized", "kind", "value", "outcome", '', "result", "comment", "secret", "character_id", "check" FROM `rolls`;--> statement-breakpoint
DROP TABLE `rolls`;--> statement-breakpoint
ALTER TABLE `__new_rolls` RENAME TO `rolls`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `rolls_user_channel_idx` ON `rolls` (`user_id`,`channel_id`,`id`);