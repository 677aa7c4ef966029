-- The item browser's text search through an index (lib/db/labeling/browse.ts): trigram GIN indexes
-- on the lowercased prompt and output, the very expressions its LIKE tests, so a search for any
-- substring with three letters or digits in a row reads the index instead of every transcript.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
-- Prisma's schema cannot describe expression or operator-class indexes: lib/db/drift.ts leaves these
-- out of the schema comparison and checks that the history builds them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "transcripts_task_prompt_trgm_idx" ON "transcripts" USING GIN (LOWER("task_prompt") gin_trgm_ops);

CREATE INDEX "transcripts_final_output_trgm_idx" ON "transcripts" USING GIN (LOWER(COALESCE("final_output", '')) gin_trgm_ops);
