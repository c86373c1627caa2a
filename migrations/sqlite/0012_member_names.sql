CREATE TABLE `member_names` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`)
);
