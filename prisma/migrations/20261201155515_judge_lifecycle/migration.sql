-- AlterTable
ALTER TABLE "runs" ADD COLUMN "judge_calibration_id" TEXT;
ALTER TABLE "runs" ADD COLUMN "judge_state" TEXT;
ALTER TABLE "runs" ADD COLUMN "judge_version_hash" TEXT;

-- CreateTable
CREATE TABLE "canary_checks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "approval_id" TEXT NOT NULL,
    "judge_version_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "fingerprint" TEXT,
    "baseline_fingerprint" TEXT,
    "n" INTEGER NOT NULL,
    "kappa" REAL,
    "kappa_ci_high" REAL,
    "flip_rate" REAL,
    "reason" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "canary_checks_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "approvals" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "canary_checks_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_approvals" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "judge_version_id" TEXT NOT NULL,
    "version_hash" TEXT NOT NULL,
    "calibration_id" TEXT NOT NULL,
    "queue_id" TEXT,
    "gold_version" TEXT,
    "rubric_version" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'gating',
    "state_reason" TEXT,
    "state_changed_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stale_since" DATETIME,
    "fingerprint" TEXT,
    "approved_by_id" TEXT NOT NULL,
    "policy" JSONB NOT NULL,
    "revoked_at" DATETIME,
    "revoked_by_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "approvals_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "approvals_calibration_id_fkey" FOREIGN KEY ("calibration_id") REFERENCES "calibrations" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "approvals_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "approvals_approved_by_id_fkey" FOREIGN KEY ("approved_by_id") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "approvals_revoked_by_id_fkey" FOREIGN KEY ("revoked_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_approvals" ("approved_by_id", "calibration_id", "created_at", "id", "judge_version_id", "policy", "revoked_at", "revoked_by_id", "version_hash") SELECT "approved_by_id", "calibration_id", "created_at", "id", "judge_version_id", "policy", "revoked_at", "revoked_by_id", "version_hash" FROM "approvals";
DROP TABLE "approvals";
ALTER TABLE "new_approvals" RENAME TO "approvals";
CREATE INDEX "approvals_judge_version_id_idx" ON "approvals"("judge_version_id");
CREATE INDEX "approvals_queue_id_state_idx" ON "approvals"("queue_id", "state");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "canary_checks_approval_id_created_at_idx" ON "canary_checks"("approval_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_action_created_at_idx" ON "audit_events"("action", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_created_at_idx" ON "audit_events"("actor_id", "created_at");

