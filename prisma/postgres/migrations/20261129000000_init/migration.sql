-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'reviewer', 'viewer');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'completed', 'error', 'cancelled');

-- CreateEnum
CREATE TYPE "TrialStatus" AS ENUM ('pending', 'running', 'done');

-- CreateEnum
CREATE TYPE "Verdict" AS ENUM ('pass', 'fail', 'skipped', 'error');

-- CreateEnum
CREATE TYPE "ItemKind" AS ENUM ('binary', 'pairwise', 'graded');

-- CreateEnum
CREATE TYPE "Split" AS ENUM ('dev', 'test');

-- CreateEnum
CREATE TYPE "GoldSource" AS ENUM ('consensus', 'adjudication', 'import');

-- CreateEnum
CREATE TYPE "JudgeVerdictStatus" AS ENUM ('ok', 'skipped', 'error');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT,
    "role" "Role" NOT NULL DEFAULT 'viewer',
    "is_adjudicator" BOOLEAN NOT NULL DEFAULT false,
    "disabled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "suites" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "suite_versions" (
    "id" TEXT NOT NULL,
    "suite_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "task_count" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suite_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" TEXT NOT NULL,
    "suite_version_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "contract_hash" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "category" TEXT,
    "difficulty" TEXT,
    "definition" JSONB NOT NULL,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" TEXT NOT NULL,
    "suite_version_id" TEXT NOT NULL,
    "agent_spec" TEXT NOT NULL,
    "judge_version_id" TEXT,
    "trials_per_task" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'running',
    "gate_passed" BOOLEAN,
    "pass_rate" DOUBLE PRECISION,
    "scored_count" INTEGER NOT NULL DEFAULT 0,
    "passed_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "flaky_count" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION,
    "latency_p50_ms" DOUBLE PRECISION,
    "latency_p95_ms" DOUBLE PRECISION,
    "summary" JSONB,
    "record_path" TEXT,
    "label" TEXT,
    "created_by_id" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trials" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "trial_index" INTEGER NOT NULL,
    "status" "TrialStatus" NOT NULL DEFAULT 'pending',
    "verdict" "Verdict",
    "score" DOUBLE PRECISION,
    "output" TEXT,
    "trajectory" JSONB,
    "final_state" JSONB,
    "cost_usd" DOUBLE PRECISION,
    "latency_ms" DOUBLE PRECISION,
    "steps" INTEGER,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "worker_id" TEXT,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "trials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "grader_results" (
    "id" TEXT NOT NULL,
    "trial_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "status" "Verdict" NOT NULL,
    "score" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "shadow" BOOLEAN NOT NULL DEFAULT false,
    "judge_version_id" TEXT,

    CONSTRAINT "grader_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transcripts" (
    "id" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "external_id" TEXT,
    "trial_id" TEXT,
    "kind" "ItemKind" NOT NULL DEFAULT 'binary',
    "task_prompt" TEXT NOT NULL,
    "rubric" TEXT,
    "criterion" TEXT,
    "final_output" TEXT,
    "content" JSONB NOT NULL,
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transcripts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "label_queues" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" "ItemKind" NOT NULL DEFAULT 'binary',
    "rubric" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL DEFAULT 1,
    "scale_min" INTEGER,
    "scale_max" INTEGER,
    "reviewers_per_item" INTEGER NOT NULL DEFAULT 1,
    "test_fraction" DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "archived_at" TIMESTAMP(3),

    CONSTRAINT "label_queues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_items" (
    "id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "order_key" TEXT NOT NULL,
    "split" "Split" NOT NULL DEFAULT 'dev',
    "label_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "queue_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_assignments" (
    "id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "queue_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_claims" (
    "id" TEXT NOT NULL,
    "queue_item_id" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queue_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "label_skips" (
    "id" TEXT NOT NULL,
    "queue_item_id" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "label_skips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "labels" (
    "id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "queue_id" TEXT,
    "reviewer_id" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "score" DOUBLE PRECISION,
    "reason" TEXT,
    "time_spent_ms" INTEGER,
    "judge_seen" BOOLEAN NOT NULL DEFAULT false,
    "judge_revealed_at" TIMESTAMP(3),
    "rubric_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gold_labels" (
    "id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "score" DOUBLE PRECISION,
    "source" "GoldSource" NOT NULL,
    "decided_by_id" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gold_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judges" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "kind" "ItemKind" NOT NULL DEFAULT 'binary',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_versions" (
    "id" TEXT NOT NULL,
    "judge_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "parent_id" TEXT,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "base_url" TEXT,
    "prompt_template" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "parser" TEXT NOT NULL,
    "note" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_verdicts" (
    "id" TEXT NOT NULL,
    "judge_version_id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "order" TEXT NOT NULL DEFAULT 'original',
    "repeat" INTEGER NOT NULL DEFAULT 0,
    "status" "JudgeVerdictStatus" NOT NULL,
    "value" TEXT,
    "score" DOUBLE PRECISION,
    "reason" TEXT,
    "request_hash" TEXT,
    "raw_request" JSONB,
    "raw_response" TEXT,
    "tokens_in" INTEGER,
    "tokens_out" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "latency_ms" DOUBLE PRECISION,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_verdicts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calibrations" (
    "id" TEXT NOT NULL,
    "judge_version_id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "split" TEXT NOT NULL,
    "label_set_hash" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "kappa" DOUBLE PRECISION,
    "kappa_se" DOUBLE PRECISION,
    "kappa_ci_low" DOUBLE PRECISION,
    "kappa_ci_high" DOUBLE PRECISION,
    "accuracy" DOUBLE PRECISION,
    "tpr" DOUBLE PRECISION,
    "tnr" DOUBLE PRECISION,
    "spearman" DOUBLE PRECISION,
    "human_kappa" DOUBLE PRECISION,
    "stats" JSONB NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calibrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approvals" (
    "id" TEXT NOT NULL,
    "judge_version_id" TEXT NOT NULL,
    "version_hash" TEXT NOT NULL,
    "calibration_id" TEXT NOT NULL,
    "approved_by_id" TEXT NOT NULL,
    "policy" JSONB NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "revoked_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "details" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "suites_name_key" ON "suites"("name");

-- CreateIndex
CREATE UNIQUE INDEX "suite_versions_suite_id_hash_key" ON "suite_versions"("suite_id", "hash");

-- CreateIndex
CREATE INDEX "tasks_contract_hash_idx" ON "tasks"("contract_hash");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_suite_version_id_key_key" ON "tasks"("suite_version_id", "key");

-- CreateIndex
CREATE INDEX "runs_started_at_idx" ON "runs"("started_at");

-- CreateIndex
CREATE INDEX "runs_suite_version_id_started_at_idx" ON "runs"("suite_version_id", "started_at");

-- CreateIndex
CREATE INDEX "trials_run_id_status_idx" ON "trials"("run_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "trials_run_id_task_id_trial_index_key" ON "trials"("run_id", "task_id", "trial_index");

-- CreateIndex
CREATE UNIQUE INDEX "grader_results_trial_id_position_key" ON "grader_results"("trial_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "transcripts_content_hash_key" ON "transcripts"("content_hash");

-- CreateIndex
CREATE UNIQUE INDEX "transcripts_trial_id_key" ON "transcripts"("trial_id");

-- CreateIndex
CREATE INDEX "transcripts_source_external_id_idx" ON "transcripts"("source", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "label_queues_name_key" ON "label_queues"("name");

-- CreateIndex
CREATE INDEX "queue_items_queue_id_label_count_order_key_idx" ON "queue_items"("queue_id", "label_count", "order_key");

-- CreateIndex
CREATE UNIQUE INDEX "queue_items_queue_id_transcript_id_key" ON "queue_items"("queue_id", "transcript_id");

-- CreateIndex
CREATE UNIQUE INDEX "queue_assignments_queue_id_user_id_key" ON "queue_assignments"("queue_id", "user_id");

-- CreateIndex
CREATE INDEX "queue_claims_queue_item_id_expires_at_idx" ON "queue_claims"("queue_item_id", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "queue_claims_queue_item_id_reviewer_id_key" ON "queue_claims"("queue_item_id", "reviewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "label_skips_queue_item_id_reviewer_id_key" ON "label_skips"("queue_item_id", "reviewer_id");

-- CreateIndex
CREATE INDEX "labels_queue_id_reviewer_id_idx" ON "labels"("queue_id", "reviewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "labels_transcript_id_reviewer_id_key" ON "labels"("transcript_id", "reviewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "gold_labels_queue_id_transcript_id_rubric_version_key" ON "gold_labels"("queue_id", "transcript_id", "rubric_version");

-- CreateIndex
CREATE UNIQUE INDEX "judges_name_key" ON "judges"("name");

-- CreateIndex
CREATE UNIQUE INDEX "judge_versions_hash_key" ON "judge_versions"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "judge_versions_judge_id_version_key" ON "judge_versions"("judge_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "judge_verdicts_judge_version_id_transcript_id_order_repeat_key" ON "judge_verdicts"("judge_version_id", "transcript_id", "order", "repeat");

-- CreateIndex
CREATE INDEX "calibrations_judge_version_id_created_at_idx" ON "calibrations"("judge_version_id", "created_at");

-- CreateIndex
CREATE INDEX "approvals_judge_version_id_idx" ON "approvals"("judge_version_id");

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");

-- CreateIndex
CREATE INDEX "audit_events_target_type_target_id_idx" ON "audit_events"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "suite_versions" ADD CONSTRAINT "suite_versions_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_suite_version_id_fkey" FOREIGN KEY ("suite_version_id") REFERENCES "suite_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_suite_version_id_fkey" FOREIGN KEY ("suite_version_id") REFERENCES "suite_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trials" ADD CONSTRAINT "trials_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trials" ADD CONSTRAINT "trials_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grader_results" ADD CONSTRAINT "grader_results_trial_id_fkey" FOREIGN KEY ("trial_id") REFERENCES "trials"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grader_results" ADD CONSTRAINT "grader_results_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_trial_id_fkey" FOREIGN KEY ("trial_id") REFERENCES "trials"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "label_queues" ADD CONSTRAINT "label_queues_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_claims" ADD CONSTRAINT "queue_claims_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_claims" ADD CONSTRAINT "queue_claims_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "label_skips" ADD CONSTRAINT "label_skips_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "label_skips" ADD CONSTRAINT "label_skips_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "labels" ADD CONSTRAINT "labels_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "labels" ADD CONSTRAINT "labels_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "labels" ADD CONSTRAINT "labels_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gold_labels" ADD CONSTRAINT "gold_labels_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gold_labels" ADD CONSTRAINT "gold_labels_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gold_labels" ADD CONSTRAINT "gold_labels_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "judges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "judge_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_versions" ADD CONSTRAINT "judge_versions_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_verdicts" ADD CONSTRAINT "judge_verdicts_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_verdicts" ADD CONSTRAINT "judge_verdicts_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calibrations" ADD CONSTRAINT "calibrations_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calibrations" ADD CONSTRAINT "calibrations_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calibrations" ADD CONSTRAINT "calibrations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_judge_version_id_fkey" FOREIGN KEY ("judge_version_id") REFERENCES "judge_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_calibration_id_fkey" FOREIGN KEY ("calibration_id") REFERENCES "calibrations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approved_by_id_fkey" FOREIGN KEY ("approved_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_revoked_by_id_fkey" FOREIGN KEY ("revoked_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

