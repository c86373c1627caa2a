CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`guild_id` text,
	`batch` text NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`body` text NOT NULL,
	`nonce` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `outbox_pending_idx` ON `outbox` (`next_at`) WHERE status = 'pending';