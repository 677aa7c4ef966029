-- AlterTable
ALTER TABLE "labels" ADD COLUMN "dimensions" JSONB;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_label_queues" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'binary',
    "rubric" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL DEFAULT 1,
    "scale_min" INTEGER,
    "scale_max" INTEGER,
    "reviewers_per_item" INTEGER NOT NULL DEFAULT 1,
    "test_fraction" REAL NOT NULL DEFAULT 0.5,
    "created_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "archived_at" DATETIME,
    "primary_dimension" TEXT NOT NULL DEFAULT 'verdict',
    "dimensions" JSONB,
    CONSTRAINT "label_queues_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_label_queues" ("archived_at", "created_at", "created_by_id", "description", "id", "kind", "name", "reviewers_per_item", "rubric", "rubric_version", "scale_max", "scale_min", "test_fraction", "updated_at") SELECT "archived_at", "created_at", "created_by_id", "description", "id", "kind", "name", "reviewers_per_item", "rubric", "rubric_version", "scale_max", "scale_min", "test_fraction", "updated_at" FROM "label_queues";
DROP TABLE "label_queues";
ALTER TABLE "new_label_queues" RENAME TO "label_queues";
CREATE UNIQUE INDEX "label_queues_name_key" ON "label_queues"("name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

