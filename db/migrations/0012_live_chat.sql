CREATE TABLE `chat_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`visitor_token_hash` text NOT NULL,
	`client_id` text,
	`lead_id` text,
	`status` text DEFAULT 'waiting' NOT NULL,
	`assigned_to` text,
	`name` text,
	`email` text,
	`email_confirmed_at` integer,
	`confirm_token_hash` text,
	`confirm_email` text,
	`confirm_expires_at` integer,
	`page` text,
	`offline` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_message_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`waiting_since` integer,
	`escalated_at` integer,
	`staff_read_at` integer,
	`visitor_typing_at` integer,
	`staff_typing_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lead_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_conversations_visitor_idx` ON `chat_conversations` (`visitor_token_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_conversations_client_idx` ON `chat_conversations` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_conversations_status_idx` ON `chat_conversations` (`status`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `chat_conversations_waiting_idx` ON `chat_conversations` (`waiting_since`);--> statement-breakpoint
CREATE INDEX `chat_conversations_confirm_idx` ON `chat_conversations` (`confirm_token_hash`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`author` text NOT NULL,
	`staff_id` text,
	`staff_name` text,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_conversation_idx` ON `chat_messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `staff_presence` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_seen_at` integer NOT NULL,
	`away` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `suspected_spam` integer DEFAULT false NOT NULL;