-- Full-text search for the dashboard's lists (docs/decisions/0010-server-side-lists.md): one FTS5
-- external-content index per table, kept in step by triggers; row counts and a change version per table kept by triggers; and
-- the indexes the lists sort and filter by.
CREATE VIRTUAL TABLE `clients_fts` USING fts5(name, email, company, phone, content='clients', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
CREATE TRIGGER `clients_fts_insert` AFTER INSERT ON `clients` BEGIN
  INSERT INTO `clients_fts`(rowid, name, email, company, phone) VALUES (new.rowid, new.name, new.email, new.company, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `clients_fts_delete` AFTER DELETE ON `clients` BEGIN
  INSERT INTO `clients_fts`(`clients_fts`, rowid, name, email, company, phone) VALUES ('delete', old.rowid, old.name, old.email, old.company, old.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `clients_fts_update` AFTER UPDATE OF name, email, company, phone ON `clients` BEGIN
  INSERT INTO `clients_fts`(`clients_fts`, rowid, name, email, company, phone) VALUES ('delete', old.rowid, old.name, old.email, old.company, old.phone);
  INSERT INTO `clients_fts`(rowid, name, email, company, phone) VALUES (new.rowid, new.name, new.email, new.company, new.phone);
END;
--> statement-breakpoint
INSERT INTO `clients_fts`(`clients_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `projects_fts` USING fts5(title, description, content='projects', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
CREATE TRIGGER `projects_fts_insert` AFTER INSERT ON `projects` BEGIN
  INSERT INTO `projects_fts`(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_delete` AFTER DELETE ON `projects` BEGIN
  INSERT INTO `projects_fts`(`projects_fts`, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_update` AFTER UPDATE OF title, description ON `projects` BEGIN
  INSERT INTO `projects_fts`(`projects_fts`, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
  INSERT INTO `projects_fts`(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
INSERT INTO `projects_fts`(`projects_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `communications_fts` USING fts5(subject, message, content='communications', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
CREATE TRIGGER `communications_fts_insert` AFTER INSERT ON `communications` BEGIN
  INSERT INTO `communications_fts`(rowid, subject, message) VALUES (new.rowid, new.subject, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `communications_fts_delete` AFTER DELETE ON `communications` BEGIN
  INSERT INTO `communications_fts`(`communications_fts`, rowid, subject, message) VALUES ('delete', old.rowid, old.subject, old.message);
END;
--> statement-breakpoint
CREATE TRIGGER `communications_fts_update` AFTER UPDATE OF subject, message ON `communications` BEGIN
  INSERT INTO `communications_fts`(`communications_fts`, rowid, subject, message) VALUES ('delete', old.rowid, old.subject, old.message);
  INSERT INTO `communications_fts`(rowid, subject, message) VALUES (new.rowid, new.subject, new.message);
END;
--> statement-breakpoint
INSERT INTO `communications_fts`(`communications_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_submissions_fts` USING fts5(name, email, message, content='contact_submissions', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_fts`(rowid, name, email, message) VALUES (new.rowid, new.name, new.email, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_fts`(`contact_submissions_fts`, rowid, name, email, message) VALUES ('delete', old.rowid, old.name, old.email, old.message);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_fts_update` AFTER UPDATE OF name, email, message ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_fts`(`contact_submissions_fts`, rowid, name, email, message) VALUES ('delete', old.rowid, old.name, old.email, old.message);
  INSERT INTO `contact_submissions_fts`(rowid, name, email, message) VALUES (new.rowid, new.name, new.email, new.message);
END;
--> statement-breakpoint
INSERT INTO `contact_submissions_fts`(`contact_submissions_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TABLE `row_counts` (
	`table_name` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `row_counts`(`table_name`, `n`) SELECT 'clients', count(*) FROM `clients`;
--> statement-breakpoint
CREATE TRIGGER `clients_version_update` AFTER UPDATE ON `clients` BEGIN
  UPDATE `row_counts` SET `version` = `version` + 1 WHERE `table_name` = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `clients_count_insert` AFTER INSERT ON `clients` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1, `version` = `version` + 1 WHERE `table_name` = 'clients';
END;
--> statement-breakpoint
CREATE TRIGGER `clients_count_delete` AFTER DELETE ON `clients` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1, `version` = `version` + 1 WHERE `table_name` = 'clients';
END;
--> statement-breakpoint
INSERT INTO `row_counts`(`table_name`, `n`) SELECT 'projects', count(*) FROM `projects`;
--> statement-breakpoint
CREATE TRIGGER `projects_version_update` AFTER UPDATE ON `projects` BEGIN
  UPDATE `row_counts` SET `version` = `version` + 1 WHERE `table_name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `projects_count_insert` AFTER INSERT ON `projects` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1, `version` = `version` + 1 WHERE `table_name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `projects_count_delete` AFTER DELETE ON `projects` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1, `version` = `version` + 1 WHERE `table_name` = 'projects';
END;
--> statement-breakpoint
INSERT INTO `row_counts`(`table_name`, `n`) SELECT 'communications', count(*) FROM `communications`;
--> statement-breakpoint
CREATE TRIGGER `communications_version_update` AFTER UPDATE ON `communications` BEGIN
  UPDATE `row_counts` SET `version` = `version` + 1 WHERE `table_name` = 'communications';
END;
--> statement-breakpoint
CREATE TRIGGER `communications_count_insert` AFTER INSERT ON `communications` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1, `version` = `version` + 1 WHERE `table_name` = 'communications';
END;
--> statement-breakpoint
CREATE TRIGGER `communications_count_delete` AFTER DELETE ON `communications` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1, `version` = `version` + 1 WHERE `table_name` = 'communications';
END;
--> statement-breakpoint
INSERT INTO `row_counts`(`table_name`, `n`) SELECT 'contact_submissions', count(*) FROM `contact_submissions`;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_version_update` AFTER UPDATE ON `contact_submissions` BEGIN
  UPDATE `row_counts` SET `version` = `version` + 1 WHERE `table_name` = 'contact_submissions';
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_count_insert` AFTER INSERT ON `contact_submissions` BEGIN
  UPDATE `row_counts` SET `n` = `n` + 1, `version` = `version` + 1 WHERE `table_name` = 'contact_submissions';
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_count_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `row_counts` SET `n` = `n` - 1, `version` = `version` + 1 WHERE `table_name` = 'contact_submissions';
END;
--> statement-breakpoint
CREATE INDEX `clients_created_idx` ON `clients` (`created_at`);
--> statement-breakpoint
CREATE INDEX `clients_name_idx` ON `clients` (`name` COLLATE NOCASE);
--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);
--> statement-breakpoint
CREATE INDEX `projects_status_created_idx` ON `projects` (`status`, `created_at`);
--> statement-breakpoint
CREATE INDEX `projects_title_idx` ON `projects` (`title` COLLATE NOCASE);
--> statement-breakpoint
CREATE INDEX `communications_created_idx` ON `communications` (`created_at`);
--> statement-breakpoint
CREATE INDEX `communications_unread_created_idx` ON `communications` (`created_at`) WHERE `from_client` = 1 AND `is_read` = 0;
--> statement-breakpoint
CREATE INDEX `contact_submissions_status_created_idx` ON `contact_submissions` (`status`, `created_at`);
--> statement-breakpoint
CREATE INDEX `contact_submissions_name_idx` ON `contact_submissions` (`name` COLLATE NOCASE);
