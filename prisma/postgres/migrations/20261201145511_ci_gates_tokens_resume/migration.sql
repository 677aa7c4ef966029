-- AlterEnum
ALTER TYPE "RunStatus" ADD VALUE 'interrupted';

-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tags" JSONB;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "agent_label" TEXT,
ADD COLUMN     "baseline_run_id" TEXT,
ADD COLUMN     "ci_job" TEXT,
ADD COLUMN     "git_branch" TEXT,
ADD COLUMN     "git_commit" TEXT,
ADD COLUMN     "heartbeat_at" TIMESTAMP(3),
ADD COLUMN     "on_default_branch" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "runner" TEXT;

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

-- CreateIndex
CREATE INDEX "runs_suite_version_id_agent_label_on_default_branch_finishe_idx" ON "runs"("suite_version_id", "agent_label", "on_default_branch", "finished_at");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

