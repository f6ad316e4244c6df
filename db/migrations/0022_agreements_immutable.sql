-- An agreement is a signature's record (docs/product.md#agreements): written once, never changed.
-- Any UPDATE of a row is refused by the database itself, whichever process or script tries it;
-- its PDF is a row of its own (agreement_documents), so nothing about the signature needs an UPDATE.
CREATE TRIGGER `agreements_immutable` BEFORE UPDATE ON `agreements` BEGIN
  SELECT RAISE(ABORT, 'agreements are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `agreement_documents_immutable` BEFORE UPDATE OF `agreement_id`, `storage_key`, `pdf_sha256`, `size` ON `agreement_documents` BEGIN
  SELECT RAISE(ABORT, 'agreement documents are immutable');
END;
