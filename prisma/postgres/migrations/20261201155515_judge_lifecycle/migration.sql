-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "judge_calibration_id" TEXT,
ADD COLUMN     "judge_state" TEXT,
ADD COLUMN     "judge_version_hash" TEXT;

-- AlterTable
ALTER TABLE "approvals" ADD COLUMN     "fingerprint" TEXT,
ADD COLUMN     "gold_version" TEXT,
ADD COLUMN     "queue_id" TEXT,
ADD COLUMN     "rubric_version" INTEGER,
ADD COLUMN     "stale_since" TIMESTAMP(3),
ADD COLUMN     "state" TEXT NOT NULL DEFAULT 'gating',
ADD COLUMN     "state_changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "state_reason" TEXT;

-- CreateTable
CREATE TABLE "canary_checks" (
    "id" TEXT NOT NULL,
    "approval_id" TEXT NOT NULL,
    "judge_version_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "fingerprint" TEXT,
    "baseline_fingerprint" TEXT,
    "n" INTEGER NOT NULL,
    "kappa" DOUBLE PRECISION,
    "kappa_ci_high" DOUBLE PRECISION,
    "flip_rate" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "canary_checks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "canary_checks_approval_id_created_at_idx" ON "canary_checks"("approval_id", "created_at");

-- CreateIndex
CREATE INDEX "approvals_queue_id_state_idx" ON "approvals"("queue_id", "state");

-- CreateIndex
CREATE INDEX "audit_events_action_created_at_idx" ON "audit_events"("action", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_created_at_idx" ON "audit_events"("actor_id", "created_at");

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canary_checks" ADD CONSTRAINT "canary_checks_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "canary_checks" ADD CONSTRAINT "canary_checks_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

