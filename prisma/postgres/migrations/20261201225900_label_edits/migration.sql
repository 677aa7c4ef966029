-- CreateTable
CREATE TABLE "label_edits" (
    "id" TEXT NOT NULL,
    "label_id" TEXT NOT NULL,
    "previous_value" TEXT NOT NULL,
    "previous_score" DOUBLE PRECISION,
    "previous_reason" TEXT,
    "value" TEXT NOT NULL,
    "score" DOUBLE PRECISION,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "label_edits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "label_edits_label_id_created_at_idx" ON "label_edits"("label_id", "created_at");

-- CreateIndex
CREATE INDEX "labels_reviewer_id_created_at_idx" ON "labels"("reviewer_id", "created_at");

-- AddForeignKey
ALTER TABLE "label_edits" ADD CONSTRAINT "label_edits_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "labels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

