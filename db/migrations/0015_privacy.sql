CREATE TABLE `consent_records` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`purpose` text NOT NULL,
	`granted` integer NOT NULL,
	`text_version` text NOT NULL,
	`text_sha256` text NOT NULL,
	`method` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consent_records_subject_idx` ON `consent_records` (`subject_kind`,`subject_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`storage_key` text,
	`token_hash` text,
	`size_bytes` integer,
	`error` text,
	`expires_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	`downloaded_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_token_hash_unique` ON `data_exports` (`token_hash`);--> statement-breakpoint
CREATE INDEX `data_exports_subject_idx` ON `data_exports` (`subject_kind`,`subject_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status_idx` ON `data_exports` (`status`);--> statement-breakpoint
ALTER TABLE `clients` ADD `erased_at` integer;--> statement-breakpoint
ALTER TABLE `clients` ADD `erasure_basis` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `erased_at` integer;