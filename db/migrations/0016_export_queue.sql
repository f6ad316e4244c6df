ALTER TABLE `data_exports` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `data_exports` ADD `lease_expires_at` integer;