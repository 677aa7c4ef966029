-- CreateIndex
CREATE INDEX "transcripts_external_id_idx" ON "transcripts"("external_id");

-- CreateIndex
CREATE INDEX "queue_items_queue_id_order_key_id_idx" ON "queue_items"("queue_id", "order_key", "id");

