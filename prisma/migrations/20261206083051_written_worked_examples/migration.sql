-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_worked_examples" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queue_id" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL,
    "queue_item_id" TEXT,
    "expected_value" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "task_prompt" TEXT,
    "final_output" TEXT,
    "content" JSONB,
    "content_hash" TEXT,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "worked_examples_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "worked_examples_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "worked_examples_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_worked_examples" ("created_at", "created_by_id", "expected_value", "explanation", "id", "queue_id", "queue_item_id", "rubric_version") SELECT "created_at", "created_by_id", "expected_value", "explanation", "id", "queue_id", "queue_item_id", "rubric_version" FROM "worked_examples";
DROP TABLE "worked_examples";
ALTER TABLE "new_worked_examples" RENAME TO "worked_examples";
CREATE UNIQUE INDEX "worked_examples_queue_id_rubric_version_queue_item_id_key" ON "worked_examples"("queue_id", "rubric_version", "queue_item_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

