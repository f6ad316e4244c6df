ALTER TABLE `contact_submissions` ADD `client_id` text REFERENCES clients(id) ON DELETE set null;
