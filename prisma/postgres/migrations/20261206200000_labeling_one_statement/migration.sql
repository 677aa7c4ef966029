-- The labeling hot path on PostgreSQL in two statements a label instead of five
-- (lib/db/labeling/hot-path.ts): the submit (one function call) and the next item with what the
-- page shows of it (one function call).
--
-- gavel_submit_label now also makes the queue's checks itself against the queue as the caller
-- validated the value with (kind, scale, dimensions, rubric version, reviewers per item: 'stale'
-- when any changed since, and the caller reads the queue again), refuses a reviewer the queue is
-- not assigned to, writes judge_seen from the sightings, and answers what the label leaves to do
-- (the item's gold at the queue's rubric version, an open gold change, whether any item is still
-- short of its labels). Before, those were three more statements around it.
DROP FUNCTION gavel_submit_label(text, text, text, text, jsonb, double precision, text, integer, integer, integer, timestamp(3), text, text);

CREATE FUNCTION gavel_submit_label(
  p_queue_id text, p_reviewer_id text, p_queue_item_id text, p_value text, p_dimensions jsonb,
  p_score double precision, p_reason text, p_time_spent_ms integer, p_rubric_version integer,
  p_reviewers_per_item integer, p_now timestamp(3), p_label_id text, p_gold_id text,
  p_kind text, p_scale_min integer, p_scale_max integer, p_queue_dimensions jsonb
) RETURNS TABLE (outcome text, item_transcript_id text, gold_value text, item_gold text, open_change boolean, items_short boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_queue record;
  v_transcript text;
  v_count integer;
  v_mine bigint;
  v_others bigint;
  v_labeled boolean;
  v_values text[];
  v_gold text;
BEGIN
  -- Every lookup here is a point lookup by key (an item, its claims, a reviewer's label or skip).
  -- queue_claims churns (a claim is inserted and deleted for every label), so until it is vacuumed
  -- it is a few live rows in many pages of dead ones, which the planner, going by the few rows it
  -- last counted, reads whole (a Seq Scan per candidate item); an index probe costs the same at
  -- any size. For this transaction only.
  PERFORM set_config('enable_seqscan', 'off', true);
  SELECT q."kind"::text AS kind, q."scale_min", q."scale_max", q."dimensions", q."rubric_version", q."reviewers_per_item",
    EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id")
      AND NOT EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id" AND a."user_id" = p_reviewer_id) AS blocked
  INTO v_queue FROM "label_queues" q WHERE q."id" = p_queue_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-queue', NULL::text, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  IF v_queue.kind <> p_kind OR v_queue."scale_min" IS DISTINCT FROM p_scale_min OR v_queue."scale_max" IS DISTINCT FROM p_scale_max
    OR v_queue."dimensions" IS DISTINCT FROM p_queue_dimensions OR v_queue."rubric_version" <> p_rubric_version
    OR v_queue."reviewers_per_item" <> p_reviewers_per_item THEN
    RETURN QUERY SELECT 'stale', NULL::text, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  IF v_queue.blocked THEN
    RETURN QUERY SELECT 'not-assigned', NULL::text, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  PERFORM 1 FROM "queue_items" qi WHERE qi."id" = p_queue_item_id AND qi."queue_id" = p_queue_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing', NULL::text, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  SELECT qi."transcript_id", qi."label_count",
    (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" = p_reviewer_id AND c."expires_at" > p_now),
    (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> p_reviewer_id AND c."expires_at" > p_now),
    EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p_reviewer_id
      AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < p_rubric_version))
  INTO v_transcript, v_count, v_mine, v_others, v_labeled
  FROM "queue_items" qi WHERE qi."id" = p_queue_item_id;
  IF v_labeled THEN
    RETURN QUERY SELECT 'labeled', v_transcript, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  IF v_count >= p_reviewers_per_item THEN
    RETURN QUERY SELECT 'full', v_transcript, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  IF v_mine = 0 AND v_count + v_others >= p_reviewers_per_item THEN
    RETURN QUERY SELECT 'held', v_transcript, NULL::text, NULL::text, false, true;
    RETURN;
  END IF;
  UPDATE "queue_items" SET "label_count" = "label_count" + 1 WHERE "id" = p_queue_item_id;
  -- judge_seen: a grade of this item was sent to the reviewer while it was full (lib/db/sightings.ts).
  INSERT INTO "labels" ("id", "transcript_id", "queue_id", "reviewer_id", "value", "dimensions", "score", "reason", "time_spent_ms", "judge_seen", "rubric_version", "created_at", "updated_at")
  VALUES (p_label_id, v_transcript, p_queue_id, p_reviewer_id, p_value, p_dimensions, p_score, p_reason, p_time_spent_ms,
    EXISTS (SELECT 1 FROM "verdict_sightings" s WHERE s."reviewer_id" = p_reviewer_id AND s."transcript_id" = v_transcript),
    p_rubric_version, p_now, p_now)
  ON CONFLICT ("transcript_id", "reviewer_id") DO UPDATE SET "id" = excluded."id", "queue_id" = excluded."queue_id", "value" = excluded."value", "dimensions" = excluded."dimensions",
    "score" = excluded."score", "reason" = excluded."reason", "time_spent_ms" = excluded."time_spent_ms", "judge_seen" = excluded."judge_seen",
    "judge_revealed_at" = NULL, "rubric_version" = excluded."rubric_version", "created_at" = excluded."created_at", "updated_at" = excluded."updated_at";
  DELETE FROM "queue_claims" WHERE "queue_item_id" = p_queue_item_id AND "reviewer_id" = p_reviewer_id;
  v_gold := NULL;
  IF v_count + 1 >= p_reviewers_per_item THEN
    -- With one reviewer per item this label is the only one: no need to read the others back.
    IF p_reviewers_per_item = 1 THEN
      v_values := ARRAY[p_value];
    ELSE
      SELECT array_agg(l."value") INTO v_values FROM "labels" l
      WHERE l."transcript_id" = v_transcript AND l."queue_id" = p_queue_id AND l."rubric_version" = p_rubric_version;
    END IF;
    IF cardinality(v_values) >= p_reviewers_per_item AND (SELECT COUNT(DISTINCT v) FROM unnest(v_values) v) = 1 THEN
      INSERT INTO "gold_labels" ("id", "queue_id", "transcript_id", "rubric_version", "value", "source", "created_at")
      VALUES (p_gold_id, p_queue_id, v_transcript, p_rubric_version, p_value, 'consensus', p_now)
      ON CONFLICT ("queue_id", "transcript_id", "rubric_version") DO NOTHING;
      v_gold := p_value;
    END IF;
  END IF;
  -- What the label leaves to do (lib/db/labeling/submit.ts): the item's gold now, an open gold
  -- change on it, and whether any item of the queue is still short (none: the queue is complete).
  RETURN QUERY SELECT 'ok', v_transcript, v_gold,
    (SELECT g."value" FROM "gold_labels" g WHERE g."queue_id" = p_queue_id AND g."transcript_id" = v_transcript AND g."rubric_version" = p_rubric_version),
    EXISTS (SELECT 1 FROM "pending_gold_changes" p WHERE p."queue_id" = p_queue_id AND p."transcript_id" = v_transcript
      AND p."rubric_version" = p_rubric_version AND p."resolved_at" IS NULL),
    EXISTS (SELECT 1 FROM "queue_items" qi WHERE qi."queue_id" = p_queue_id AND qi."label_count" < p_reviewers_per_item);
END
$$;

-- gavel_next_item now answers the item with what the labeling page shows of it (the whitelisted
-- transcript fields of lib/labeling/item-view.ts), which was one more statement after it.
DROP FUNCTION gavel_next_item(text, text, timestamp(3), timestamp(3), text);

CREATE FUNCTION gavel_next_item(
  p_queue_id text, p_reviewer_id text, p_now timestamp(3), p_expires timestamp(3), p_claim_id text
) RETURNS TABLE (outcome text, item_id text, item_transcript_id text, external_id text, kind text, task_prompt text,
  rubric text, criterion text, final_output text, content jsonb, size_bytes integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_rubric_version integer;
  v_blocked boolean;
  v_id text;
  v_best_id text;
  v_best_transcript text;
  v_best_key text;
  v_row record;
BEGIN
  -- Index probes only, for this transaction, as in gavel_submit_label (why there).
  PERFORM set_config('enable_seqscan', 'off', true);
  SELECT q."reviewers_per_item", q."rubric_version",
    EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id")
      AND NOT EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id" AND a."user_id" = p_reviewer_id)
  INTO v_capacity, v_rubric_version, v_blocked
  FROM "label_queues" q WHERE q."id" = p_queue_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-queue', NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::integer;
    RETURN;
  END IF;
  IF v_blocked THEN
    RETURN QUERY SELECT 'not-assigned', NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::integer;
    RETURN;
  END IF;
  -- A claim is a 10-minute hold, not a record: its commit need not wait for the WAL flush.
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT qi."id" INTO v_id FROM "queue_claims" c JOIN "queue_items" qi ON qi."id" = c."queue_item_id"
  WHERE c."reviewer_id" = p_reviewer_id AND c."expires_at" > p_now AND qi."queue_id" = p_queue_id
    AND NOT EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p_reviewer_id
      AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < v_rubric_version))
  ORDER BY qi."order_key" LIMIT 1;
  IF v_id IS NOT NULL THEN
    PERFORM 1 FROM "queue_items" qi WHERE qi."id" = v_id FOR NO KEY UPDATE;
    IF gavel_claim_item(v_id, p_reviewer_id, v_capacity, v_rubric_version, p_now, p_expires, p_claim_id) THEN
      RETURN QUERY SELECT 'item', qi."id", qi."transcript_id", t."external_id", t."kind"::text, t."task_prompt", t."rubric", t."criterion", t."final_output", t."content", t."size_bytes"
        FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id" WHERE qi."id" = v_id;
      RETURN;
    END IF;
  END IF;
  FOR v_round IN 1..50 LOOP
    v_best_id := NULL;
    FOR n IN 0..v_capacity - 1 LOOP
      SELECT qi."id", qi."transcript_id", qi."order_key" INTO v_row FROM "queue_items" qi
      WHERE qi."queue_id" = p_queue_id AND qi."label_count" = n
        AND NOT EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p_reviewer_id
          AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < v_rubric_version))
        AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = p_reviewer_id)
        AND (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."expires_at" > p_now) + n < v_capacity
      ORDER BY qi."order_key" LIMIT 1 FOR NO KEY UPDATE OF qi SKIP LOCKED;
      IF FOUND AND (v_best_id IS NULL OR v_row."order_key" < v_best_key) THEN
        v_best_id := v_row."id";
        v_best_transcript := v_row."transcript_id";
        v_best_key := v_row."order_key";
      END IF;
    END LOOP;
    IF v_best_id IS NULL THEN
      EXIT;
    END IF;
    -- The row is locked; the claim's own conditions are checked again by a new statement.
    IF gavel_claim_item(v_best_id, p_reviewer_id, v_capacity, v_rubric_version, p_now, p_expires, p_claim_id) THEN
      RETURN QUERY SELECT 'item', qi."id", qi."transcript_id", t."external_id", t."kind"::text, t."task_prompt", t."rubric", t."criterion", t."final_output", t."content", t."size_bytes"
        FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id" WHERE qi."id" = v_best_id;
      RETURN;
    END IF;
  END LOOP;
  RETURN QUERY SELECT 'fallback', NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::integer;
END
$$;

-- Every label moves an item out of the front of the (queue_id, label_count, order_key) range that
-- "the first open item" reads, and every claim is inserted and deleted: both leave dead index
-- entries where the next reader starts. Vacuum them after 1% of a queue's items changed rather
-- than PostgreSQL's default 20% (200,000 labels in a million-item queue).
ALTER TABLE "queue_items" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.05);
ALTER TABLE "queue_claims" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 500);
