CREATE TABLE `invoice_number_series` (
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`kind`, `year`)
);
--> statement-breakpoint
CREATE TABLE `invoice_reminders` (
	`invoice_id` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`invoice_id`, `kind`),
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`proposal_id` text,
	`subscription_id` text,
	`kind` text DEFAULT 'invoice' NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`number` text,
	`number_year` integer,
	`number_sequence` integer,
	`items` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_basis_points` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`due_date` text,
	`issued_on` text,
	`notes` text,
	`credits_invoice_id` text,
	`credit_note_id` text,
	`void_reason` text,
	`stripe_invoice_id` text,
	`created_by` text,
	`created_by_name` text NOT NULL,
	`issued_at` integer,
	`voided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_stripe_invoice_id_unique` ON `invoices` (`stripe_invoice_id`);--> statement-breakpoint
CREATE INDEX `invoices_client_idx` ON `invoices` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_deposit_unique` ON `invoices` (`proposal_id`) WHERE "invoices"."source" = 'deposit';--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text DEFAULT 'payment' NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`received_on` text NOT NULL,
	`reference` text,
	`credit_cents` integer DEFAULT 0 NOT NULL,
	`stripe_payment_intent_id` text,
	`stripe_refund_id` text,
	`stripe_event_id` text,
	`recorded_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_refund_id_unique` ON `payments` (`stripe_refund_id`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_intent_unique` ON `payments` (`stripe_payment_intent_id`) WHERE "payments"."kind" = 'payment';--> statement-breakpoint
CREATE INDEX `payments_received_idx` ON `payments` (`received_on`);--> statement-breakpoint
CREATE TABLE `invoice_reminder_days` (
	`email` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`email`, `day`)
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`outcome` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`proposal_id` text,
	`provider` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`monthly_cents` integer NOT NULL,
	`items` text NOT NULL,
	`started_on` text NOT NULL,
	`commitment_ends_on` text,
	`next_invoice_on` text,
	`stripe_subscription_id` text,
	`stripe_customer_id` text,
	`payment_failed_at` integer,
	`cancel_requested_at` integer,
	`cancel_requested_by_name` text,
	`cancel_effective_on` text,
	`cancel_confirmed_at` integer,
	`canceled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_id_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_client_idx` ON `subscriptions` (`client_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_next_idx` ON `subscriptions` (`next_invoice_on`);--> statement-breakpoint
ALTER TABLE `clients` ADD `billing_address` text;--> statement-breakpoint
-- An issued invoice or credit note is a record (docs/product.md#invoices): its number, client, lines
-- and totals never change and it is never deleted, whichever process or script tries; a mistake is
-- corrected by voiding it with a credit note. Only the client's own deletion (the cascade, which
-- removes the client row first) takes its invoices with it.
CREATE TRIGGER `invoices_issued_frozen` BEFORE UPDATE OF `number`, `kind`, `client_id`, `items`, `subtotal_cents`, `tax_basis_points`, `tax_cents`, `total_cents`, `issued_on`, `due_date` ON `invoices` WHEN OLD.`status` <> 'draft' BEGIN
  SELECT RAISE(ABORT, 'issued invoices are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_issued_kept` BEFORE DELETE ON `invoices` WHEN OLD.`status` <> 'draft' AND EXISTS (SELECT 1 FROM `clients` WHERE `id` = OLD.`client_id`) BEGIN
  SELECT RAISE(ABORT, 'issued invoices are kept');
END;
