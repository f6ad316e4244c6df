CREATE TABLE `time_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text,
	`author` text NOT NULL,
	`date` text NOT NULL,
	`hours` real NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `time_entries_project_date_idx` ON `time_entries` (`project_id`,`date`);--> statement-breakpoint
ALTER TABLE `users` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `clients` ADD `confirmed` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_conversations` ADD `visitor_read_at` integer;