-- AlterTable
ALTER TABLE "queue_items" ADD COLUMN "inclusion_probability" REAL;
ALTER TABLE "queue_items" ADD COLUMN "sampled_by_id" TEXT;
ALTER TABLE "queue_items" ADD COLUMN "stratum" TEXT;

