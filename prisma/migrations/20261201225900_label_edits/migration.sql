-- CreateTable
CREATE TABLE "label_edits" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "label_id" TEXT NOT NULL,
    "previous_value" TEXT NOT NULL,
    "previous_score" REAL,
    "previous_reason" TEXT,
    "value" TEXT NOT NULL,
    "score" REAL,
    "reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "label_edits_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "labels" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "label_edits_label_id_created_at_idx" ON "label_edits"("label_id", "created_at");

-- CreateIndex
CREATE INDEX "labels_reviewer_id_created_at_idx" ON "labels"("reviewer_id", "created_at");

