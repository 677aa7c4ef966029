-- CreateIndex
CREATE INDEX "queue_claims_reviewer_id_expires_at_idx" ON "queue_claims"("reviewer_id", "expires_at");

