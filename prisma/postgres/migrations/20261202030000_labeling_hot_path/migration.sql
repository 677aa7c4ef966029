-- The labeling hot path on PostgreSQL, one round trip per call (lib/db/labeling/hot-path.ts). These
-- are the statements lib/db/labeling/submit.ts and next.ts send one by one on SQLite, run inside
-- the server instead: fifteen round trips per label became four. Each statement of a VOLATILE
-- function takes a fresh snapshot, so "lock the item's row, then count its slots in a new statement"
-- (next.ts) holds here as it does across round trips: two reviewers never both take the last slot.
-- Row locks are FOR NO KEY UPDATE, the lock the SQLite path's `UPDATE … SET label_count = label_count`
-- takes, so foreign-key checks (a comment, a flag on the item) never wait on them.

-- One label: lock the item, refuse (nothing written) when the reviewer labeled it already, it is
-- full, or other reviewers hold its open slots; else count it, record the label (replacing the
-- reviewer's label from an earlier rubric version), free their claim, and make consensus gold when
-- the item is complete and every label agrees. The queue's checks (value, dimensions, assignment)
-- are made by the caller before.
CREATE FUNCTION gavel_submit_label(
  p_queue_id text, p_reviewer_id text, p_queue_item_id text, p_value text, p_dimensions jsonb,
  p_score double precision, p_reason text, p_time_spent_ms integer, p_rubric_version integer,
  p_reviewers_per_item integer, p_now timestamp(3), p_label_id text, p_gold_id text
) RETURNS TABLE (outcome text, item_transcript_id text, gold_value text)
LANGUAGE plpgsql AS $$
DECLARE
  v_transcript text;
  v_count integer;
  v_mine bigint;
  v_others bigint;
  v_labeled boolean;
  v_values text[];
BEGIN
  PERFORM 1 FROM "queue_items" qi WHERE qi."id" = p_queue_item_id AND qi."queue_id" = p_queue_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing', NULL::text, NULL::text;
    RETURN;
  END IF;
  SELECT qi."transcript_id", qi."label_count",
    (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" = p_reviewer_id AND c."expires_at" > p_now),
    (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> p_reviewer_id AND c."expires_at" > p_now),
    EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p_reviewer_id
      AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < (SELECT q."rubric_version" FROM "label_queues" q WHERE q."id" = qi."queue_id")))
  INTO v_transcript, v_count, v_mine, v_others, v_labeled
  FROM "queue_items" qi WHERE qi."id" = p_queue_item_id;
  IF v_labeled THEN
    RETURN QUERY SELECT 'labeled', v_transcript, NULL::text;
    RETURN;
  END IF;
  IF v_count >= p_reviewers_per_item THEN
    RETURN QUERY SELECT 'full', v_transcript, NULL::text;
    RETURN;
  END IF;
  IF v_mine = 0 AND v_count + v_others >= p_reviewers_per_item THEN
    RETURN QUERY SELECT 'held', v_transcript, NULL::text;
    RETURN;
  END IF;
  UPDATE "queue_items" SET "label_count" = "label_count" + 1 WHERE "id" = p_queue_item_id;
  INSERT INTO "labels" ("id", "transcript_id", "queue_id", "reviewer_id", "value", "dimensions", "score", "reason", "time_spent_ms", "judge_seen", "rubric_version", "created_at", "updated_at")
  VALUES (p_label_id, v_transcript, p_queue_id, p_reviewer_id, p_value, p_dimensions, p_score, p_reason, p_time_spent_ms, false, p_rubric_version, p_now, p_now)
  ON CONFLICT ("transcript_id", "reviewer_id") DO UPDATE SET "id" = excluded."id", "queue_id" = excluded."queue_id", "value" = excluded."value", "dimensions" = excluded."dimensions",
    "score" = excluded."score", "reason" = excluded."reason", "time_spent_ms" = excluded."time_spent_ms", "judge_seen" = excluded."judge_seen",
    "judge_revealed_at" = NULL, "rubric_version" = excluded."rubric_version", "created_at" = excluded."created_at", "updated_at" = excluded."updated_at";
  DELETE FROM "queue_claims" WHERE "queue_item_id" = p_queue_item_id AND "reviewer_id" = p_reviewer_id;
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
      RETURN QUERY SELECT 'ok', v_transcript, p_value;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT 'ok', v_transcript, NULL::text;
END
$$;

-- Takes (or renews) the reviewer's claim on one item whose row the caller has locked, when it still
-- has an open slot and they have neither labeled nor skipped it (next.ts claim()).
CREATE FUNCTION gavel_claim_item(
  p_queue_item_id text, p_reviewer_id text, p_capacity integer, p_rubric_version integer,
  p_now timestamp(3), p_expires timestamp(3), p_claim_id text
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
BEGIN
  INSERT INTO "queue_claims" ("id", "queue_item_id", "reviewer_id", "expires_at", "created_at")
  SELECT p_claim_id, qi."id", p_reviewer_id, p_expires, p_now FROM "queue_items" qi
  WHERE qi."id" = p_queue_item_id
    AND NOT EXISTS (SELECT 1 FROM "labels" l WHERE l."transcript_id" = qi."transcript_id" AND l."reviewer_id" = p_reviewer_id
      AND NOT (l."queue_id" = qi."queue_id" AND l."rubric_version" < p_rubric_version))
    AND NOT EXISTS (SELECT 1 FROM "label_skips" s WHERE s."queue_item_id" = qi."id" AND s."reviewer_id" = p_reviewer_id)
    AND qi."label_count" + (SELECT COUNT(*) FROM "queue_claims" c WHERE c."queue_item_id" = qi."id" AND c."reviewer_id" <> p_reviewer_id AND c."expires_at" > p_now) < p_capacity
  ON CONFLICT ("queue_item_id", "reviewer_id") DO UPDATE SET "expires_at" = excluded."expires_at";
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  RETURN v_changed > 0;
END
$$;

-- The reviewer's next item, claimed: the item they already hold, else the first open item in
-- orderKey order (one indexed range per label count over [queueId, labelCount, orderKey]), skipping
-- rows another reviewer has locked. 'fallback' when that finds nothing: the caller then takes the
-- slower path of next.ts, which also waits for locked rows and tells "done" from "waiting".
CREATE FUNCTION gavel_next_item(
  p_queue_id text, p_reviewer_id text, p_now timestamp(3), p_expires timestamp(3), p_claim_id text
) RETURNS TABLE (outcome text, item_id text, item_transcript_id text)
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
  SELECT q."reviewers_per_item", q."rubric_version",
    EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id")
      AND NOT EXISTS (SELECT 1 FROM "queue_assignments" a WHERE a."queue_id" = q."id" AND a."user_id" = p_reviewer_id)
  INTO v_capacity, v_rubric_version, v_blocked
  FROM "label_queues" q WHERE q."id" = p_queue_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-queue', NULL::text, NULL::text;
    RETURN;
  END IF;
  IF v_blocked THEN
    RETURN QUERY SELECT 'not-assigned', NULL::text, NULL::text;
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
      RETURN QUERY SELECT 'item', qi."id", qi."transcript_id" FROM "queue_items" qi WHERE qi."id" = v_id;
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
      RETURN QUERY SELECT 'item', v_best_id, v_best_transcript;
      RETURN;
    END IF;
  END LOOP;
  RETURN QUERY SELECT 'fallback', NULL::text, NULL::text;
END
$$;
