-- AlterTable
ALTER TABLE "worked_examples" ADD COLUMN     "content" JSONB,
ADD COLUMN     "content_hash" TEXT,
ADD COLUMN     "final_output" TEXT,
ADD COLUMN     "task_prompt" TEXT,
ALTER COLUMN "queue_item_id" DROP NOT NULL;

