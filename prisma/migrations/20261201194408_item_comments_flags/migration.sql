-- CreateTable
CREATE TABLE "item_comments" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queue_item_id" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "item_comments_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "item_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "item_flags" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queue_item_id" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" DATETIME,
    "resolved_by_id" TEXT,
    CONSTRAINT "item_flags_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "item_flags_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "item_flags_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "item_comments_queue_item_id_created_at_idx" ON "item_comments"("queue_item_id", "created_at");

-- CreateIndex
CREATE INDEX "item_flags_resolved_at_idx" ON "item_flags"("resolved_at");

-- CreateIndex
CREATE UNIQUE INDEX "item_flags_queue_item_id_reviewer_id_kind_key" ON "item_flags"("queue_item_id", "reviewer_id", "kind");

