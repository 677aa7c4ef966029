-- CreateTable
CREATE TABLE "ingest_batches" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "trace_id" TEXT NOT NULL,
    "spans" INTEGER NOT NULL,
    "payload" TEXT NOT NULL,
    "token_id" TEXT,
    "user_id" TEXT,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ingest_traces" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "trace_id" TEXT NOT NULL,
    "spans" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "transcript_id" TEXT,
    "routing" TEXT NOT NULL,
    "rule_id" TEXT,
    "queue_id" TEXT,
    "service" TEXT,
    "note" TEXT,
    "closed_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ingest_rules" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "service" TEXT,
    "attribute_key" TEXT,
    "attribute_value" TEXT,
    "sample_rate" REAL NOT NULL DEFAULT 1,
    "queue_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "ingest_batches_trace_id_received_at_idx" ON "ingest_batches"("trace_id", "received_at");

-- CreateIndex
CREATE INDEX "ingest_batches_received_at_idx" ON "ingest_batches"("received_at");

-- CreateIndex
CREATE INDEX "ingest_traces_trace_id_idx" ON "ingest_traces"("trace_id");

-- CreateIndex
CREATE INDEX "ingest_traces_closed_at_idx" ON "ingest_traces"("closed_at");

-- CreateIndex
CREATE UNIQUE INDEX "ingest_rules_name_key" ON "ingest_rules"("name");

