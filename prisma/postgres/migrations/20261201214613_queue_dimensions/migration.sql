-- AlterTable
ALTER TABLE "label_queues" ADD COLUMN     "dimensions" JSONB,
ADD COLUMN     "primary_dimension" TEXT NOT NULL DEFAULT 'verdict';

-- AlterTable
ALTER TABLE "labels" ADD COLUMN     "dimensions" JSONB;

