CREATE TABLE `inbound_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`reply_token_id` text,
	`message_id` text NOT NULL,
	`in_reply_to` text,
	`references` text,
	`door` text NOT NULL,
	`from_address` text NOT NULL,
	`from_name` text DEFAULT '' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`attachment_count` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`raw_key` text,
	`posted_id` text,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`reply_token_id`) REFERENCES `reply_tokens`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_emails_token_message_idx` ON `inbound_emails` (`reply_token_id`,`message_id`) WHERE "inbound_emails"."reply_token_id" is not null;--> statement-breakpoint
CREATE INDEX `inbound_emails_status_idx` ON `inbound_emails` (`status`,`received_at`);--> statement-breakpoint
CREATE TABLE `reply_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`thread_kind` text NOT NULL,
	`thread_id` text NOT NULL,
	`recipient_kind` text NOT NULL,
	`recipient_id` text,
	`recipient_email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`revoked_at` integer,
	`closed_notice_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reply_tokens_hash_idx` ON `reply_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `reply_tokens_recipient_idx` ON `reply_tokens` (`recipient_kind`,`recipient_id`);--> statement-breakpoint
CREATE INDEX `reply_tokens_thread_idx` ON `reply_tokens` (`thread_kind`,`thread_id`);--> statement-breakpoint
ALTER TABLE `communications` ADD `via` text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE `lead_notes` ADD `via` text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `via` text DEFAULT 'portal' NOT NULL;