-- AlterTable
ALTER TABLE "queue_items" ADD COLUMN     "inclusion_probability" DOUBLE PRECISION,
ADD COLUMN     "sampled_by_id" TEXT,
ADD COLUMN     "stratum" TEXT;

