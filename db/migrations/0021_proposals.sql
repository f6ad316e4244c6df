CREATE TABLE `agreement_documents` (
	`agreement_id` text PRIMARY KEY NOT NULL,
	`storage_key` text NOT NULL,
	`pdf_sha256` text NOT NULL,
	`size` integer NOT NULL,
	`file_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`agreement_id`) REFERENCES `agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `project_files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_documents_storage_key_unique` ON `agreement_documents` (`storage_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_documents_pdf_sha256_unique` ON `agreement_documents` (`pdf_sha256`);--> statement-breakpoint
CREATE TABLE `agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`document` text NOT NULL,
	`document_hash` text NOT NULL,
	`signer_member_id` text NOT NULL,
	`signer_name` text NOT NULL,
	`signer_email` text NOT NULL,
	`signer_role` text NOT NULL,
	`signed_at` integer NOT NULL,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL,
	`consent_version` text NOT NULL,
	`signature_svg` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreements_proposal_id_unique` ON `agreements` (`proposal_id`);--> statement-breakpoint
CREATE INDEX `agreements_client_idx` ON `agreements` (`client_id`,`signed_at`);--> statement-breakpoint
CREATE TABLE `proposal_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`items` text NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`deposit_percent` integer DEFAULT 0 NOT NULL,
	`extra_terms` text,
	`valid_days` integer DEFAULT 30 NOT NULL,
	`created_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposal_templates_name_unique` ON `proposal_templates` (`name`);--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`series_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`client_id` text,
	`lead_id` text,
	`title` text NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`items` text NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`deposit_percent` integer DEFAULT 0 NOT NULL,
	`extra_terms` text,
	`terms_version` text NOT NULL,
	`valid_until` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`one_off_cents` integer DEFAULT 0 NOT NULL,
	`monthly_cents` integer DEFAULT 0 NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`document` text,
	`document_hash` text,
	`sent_at` integer,
	`first_viewed_at` integer,
	`last_viewed_at` integer,
	`decided_at` integer,
	`decline_reason` text,
	`decided_by_name` text,
	`withdrawn_at` integer,
	`replaced_by_id` text,
	`reminder_sent_at` integer,
	`created_by` text,
	`created_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_id`) REFERENCES `contact_submissions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `proposals_client_idx` ON `proposals` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `proposals_lead_idx` ON `proposals` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `proposals_series_idx` ON `proposals` (`series_id`,`version`);--> statement-breakpoint
CREATE INDEX `proposals_status_idx` ON `proposals` (`status`,`valid_until`);--> statement-breakpoint
CREATE TABLE `terms_versions` (
	`version` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `notification_emails` ADD `attachments` text;