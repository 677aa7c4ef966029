-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_tasks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "suite_version_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "contract_hash" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "category" TEXT,
    "difficulty" TEXT,
    "definition" JSONB NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "tags" JSONB,
    CONSTRAINT "tasks_suite_version_id_fkey" FOREIGN KEY ("suite_version_id") REFERENCES "suite_versions" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_tasks" ("category", "contract_hash", "definition", "difficulty", "id", "key", "prompt", "suite_version_id") SELECT "category", "contract_hash", "definition", "difficulty", "id", "key", "prompt", "suite_version_id" FROM "tasks";
DROP TABLE "tasks";
ALTER TABLE "new_tasks" RENAME TO "tasks";
CREATE INDEX "tasks_contract_hash_idx" ON "tasks"("contract_hash");
CREATE UNIQUE INDEX "tasks_suite_version_id_key_key" ON "tasks"("suite_version_id", "key");
CREATE TABLE "new_runs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "suite_version_id" TEXT NOT NULL,
    "agent_spec" TEXT NOT NULL,
    "judge_version_id" TEXT,
    "trials_per_task" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "threshold" REAL NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "gate_passed" BOOLEAN,
    "pass_rate" REAL,
    "scored_count" INTEGER NOT NULL DEFAULT 0,
    "passed_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "flaky_count" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" REAL,
    "latency_p50_ms" REAL,
    "latency_p95_ms" REAL,
    "summary" JSONB,
    "record_path" TEXT,
    "label" TEXT,
    "created_by_id" TEXT,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    "agent_label" TEXT,
    "git_commit" TEXT,
    "git_branch" TEXT,
    "ci_job" TEXT,
    "on_default_branch" BOOLEAN NOT NULL DEFAULT false,
    "baseline_run_id" TEXT,
    "heartbeat_at" DATETIME,
    "runner" TEXT,
    CONSTRAINT "runs_suite_version_id_fkey" FOREIGN KEY ("suite_version_id") REFERENCES "suite_versions" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "runs_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_runs" ("agent_spec", "concurrency", "cost_usd", "created_by_id", "error_count", "finished_at", "flaky_count", "gate_passed", "id", "judge_version_id", "label", "latency_p50_ms", "latency_p95_ms", "pass_rate", "passed_count", "record_path", "scored_count", "skipped_count", "started_at", "status", "suite_version_id", "summary", "threshold", "trials_per_task") SELECT "agent_spec", "concurrency", "cost_usd", "created_by_id", "error_count", "finished_at", "flaky_count", "gate_passed", "id", "judge_version_id", "label", "latency_p50_ms", "latency_p95_ms", "pass_rate", "passed_count", "record_path", "scored_count", "skipped_count", "started_at", "status", "suite_version_id", "summary", "threshold", "trials_per_task" FROM "runs";
DROP TABLE "runs";
ALTER TABLE "new_runs" RENAME TO "runs";
CREATE INDEX "runs_started_at_idx" ON "runs"("started_at");
CREATE INDEX "runs_suite_version_id_started_at_idx" ON "runs"("suite_version_id", "started_at");
CREATE INDEX "runs_suite_version_id_agent_label_on_default_branch_finished_at_idx" ON "runs"("suite_version_id", "agent_label", "on_default_branch", "finished_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

