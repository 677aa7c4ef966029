-- The item browser's text search through an index (lib/db/labeling/browse.ts): an external-content
-- FTS5 table over transcripts' prompt and output, tokenized into trigrams so that any substring of
-- three characters or more is found through it (not only whole words), case-insensitively. The text
-- stays in "transcripts" (content='transcripts'); the table keeps only the index, keyed by the
-- transcript's rowid, and these triggers keep it in step with every write. The search still tests
-- each candidate with its LIKE, so what it finds is exactly what the scan found.
-- Prisma's schema cannot describe a virtual table or triggers: lib/db/drift.ts leaves them out of the
-- schema comparison and checks that the history builds them. A later migration that redefines
-- "transcripts" (Prisma's copy-and-rename) drops these triggers and renumbers rowids: it must create
-- them again and end with the 'rebuild' below.
CREATE VIRTUAL TABLE "transcript_text" USING fts5(
  "task_prompt", "final_output", content='transcripts', content_rowid='rowid', tokenize='trigram'
);

CREATE TRIGGER "transcript_text_insert" AFTER INSERT ON "transcripts" BEGIN
  INSERT INTO "transcript_text" (rowid, "task_prompt", "final_output") VALUES (new.rowid, new."task_prompt", new."final_output");
END;

CREATE TRIGGER "transcript_text_delete" AFTER DELETE ON "transcripts" BEGIN
  INSERT INTO "transcript_text" ("transcript_text", rowid, "task_prompt", "final_output")
    VALUES ('delete', old.rowid, old."task_prompt", old."final_output");
END;

CREATE TRIGGER "transcript_text_update" AFTER UPDATE OF "task_prompt", "final_output" ON "transcripts" BEGIN
  INSERT INTO "transcript_text" ("transcript_text", rowid, "task_prompt", "final_output")
    VALUES ('delete', old.rowid, old."task_prompt", old."final_output");
  INSERT INTO "transcript_text" (rowid, "task_prompt", "final_output") VALUES (new.rowid, new."task_prompt", new."final_output");
END;

-- Transcripts stored before this migration.
INSERT INTO "transcript_text" ("transcript_text") VALUES ('rebuild');
