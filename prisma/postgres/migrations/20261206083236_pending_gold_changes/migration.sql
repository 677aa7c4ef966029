-- AlterTable
ALTER TABLE "gold_labels" ADD COLUMN     "dimensions" JSONB;

-- CreateTable
CREATE TABLE "pending_gold_changes" (
    "id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL,
    "from_value" TEXT NOT NULL,
    "to_value" TEXT,
    "cause" TEXT NOT NULL,
    "proposed_by_id" TEXT NOT NULL,
    "resolution" TEXT,
    "decided_by_id" TEXT,
    "resolved_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pending_gold_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_gold_changes_queue_id_resolved_at_idx" ON "pending_gold_changes"("queue_id", "resolved_at");

-- CreateIndex
CREATE INDEX "pending_gold_changes_queue_id_transcript_id_rubric_version__idx" ON "pending_gold_changes"("queue_id", "transcript_id", "rubric_version", "resolved_at");

-- AddForeignKey
ALTER TABLE "pending_gold_changes" ADD CONSTRAINT "pending_gold_changes_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_gold_changes" ADD CONSTRAINT "pending_gold_changes_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_gold_changes" ADD CONSTRAINT "pending_gold_changes_proposed_by_id_fkey" FOREIGN KEY ("proposed_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_gold_changes" ADD CONSTRAINT "pending_gold_changes_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

