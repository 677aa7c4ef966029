-- AlterTable
ALTER TABLE "judge_versions" ADD COLUMN     "examples" JSONB;

