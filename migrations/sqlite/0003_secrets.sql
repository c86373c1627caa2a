CREATE TABLE `declarations` (
	`id` integer PRIMARY KEY NOT NULL,
	`war_id` integer NOT NULL,
	`faction_id` integer NOT NULL,
	`day` integer NOT NULL,
	`turn` integer NOT NULL,
	`action` text NOT NULL,
	`declared_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`result` text,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `declarations_turn_idx` ON `declarations` (`war_id`,`faction_id`,`day`,`turn`);--> statement-breakpoint
CREATE TABLE `secrets` (
	`id` integer PRIMARY KEY NOT NULL,
	`guild_id` text,
	`channel_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`hash` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`revealed_at` integer
);
