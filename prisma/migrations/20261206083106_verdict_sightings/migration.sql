-- CreateTable
CREATE TABLE "verdict_sightings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "transcript_id" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verdict_sightings_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "verdict_sightings_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "verdict_sightings_transcript_id_reviewer_id_key" ON "verdict_sightings"("transcript_id", "reviewer_id");


-- Labels whose judge the reviewer revealed before sightings were kept: a new rubric version's label on
-- the same item is not blind either.
INSERT INTO "verdict_sightings" ("id", "transcript_id", "reviewer_id", "created_at")
SELECT 'label-' || "id", "transcript_id", "reviewer_id", COALESCE("judge_revealed_at", "updated_at") FROM "labels" WHERE "judge_seen" = true;
