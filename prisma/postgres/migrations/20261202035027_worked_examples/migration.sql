-- CreateTable
CREATE TABLE "worked_examples" (
    "id" TEXT NOT NULL,
    "queue_id" TEXT NOT NULL,
    "rubric_version" INTEGER NOT NULL,
    "queue_item_id" TEXT NOT NULL,
    "expected_value" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worked_examples_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "worked_examples_queue_id_rubric_version_queue_item_id_key" ON "worked_examples"("queue_id", "rubric_version", "queue_item_id");

-- AddForeignKey
ALTER TABLE "worked_examples" ADD CONSTRAINT "worked_examples_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "label_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worked_examples" ADD CONSTRAINT "worked_examples_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "queue_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worked_examples" ADD CONSTRAINT "worked_examples_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

