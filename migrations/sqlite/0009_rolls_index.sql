DROP INDEX `rolls_user_channel_idx`;--> statement-breakpoint
CREATE INDEX `rolls_user_channel_idx` ON `rolls` (`user_id`,`channel_id`);