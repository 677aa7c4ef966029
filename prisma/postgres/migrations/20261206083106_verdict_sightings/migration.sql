-- CreateTable
CREATE TABLE "verdict_sightings" (
    "id" TEXT NOT NULL,
    "transcript_id" TEXT NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verdict_sightings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "verdict_sightings_transcript_id_reviewer_id_key" ON "verdict_sightings"("transcript_id", "reviewer_id");

-- AddForeignKey
ALTER TABLE "verdict_sightings" ADD CONSTRAINT "verdict_sightings_transcript_id_fkey" FOREIGN KEY ("transcript_id") REFERENCES "transcripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verdict_sightings" ADD CONSTRAINT "verdict_sightings_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Labels whose judge the reviewer revealed before sightings were kept: a new rubric version's label on
-- the same item is not blind either.
INSERT INTO "verdict_sightings" ("id", "transcript_id", "reviewer_id", "created_at")
SELECT 'label-' || "id", "transcript_id", "reviewer_id", COALESCE("judge_revealed_at", "updated_at") FROM "labels" WHERE "judge_seen" = true;
