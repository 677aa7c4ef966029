import "server-only";
import { createHash } from "node:crypto";
import { HANNA_CRITERIA, type HannaCriterion } from "../real-data/hanna";
import { hannaJudgeName, hannaLabelSetName, hannaTemplate } from "../real-data/hanna-plan";
import type { PublishedFigure } from "../real-data/hanna-published";
import { databaseProvider, databaseUrl } from "../database-url";
import { bulkQuery, placeholders } from "./bulk";
import { db } from "./client";

/**
 * What HANNA "as published" is recomputed from (lib/judging/hanna-published.ts compares it with the paper's figure):
 * each of the figure's judges' imported version, the value the paper used for each of their verdicts, and the
 * gold means per criterion. An error verdict (a published rating outside 1–5) keeps the published value as its raw
 * response; the paper counts that value, so here it is read as given.
 */
export interface StoredHannaAsPublished {
  /** The imported version of the figure's (llm, prompt variant), or null. */
  versionOf(llm: string, variant: number): { id: string } | null;
  /** Per version id, per transcript id: the rating as given (null when there is none). */
  given: Map<string, Map<string, number | null>>;
  /** Per criterion: each item's gold mean of the three raters. */
  goldOf(criterion: HannaCriterion): { transcriptId: string; mean: number }[];
}

/** The value the paper used for one verdict: the rating as given, error or not; null when there is none. */
function valueAsGiven(v: { status: string; score: number | null; rawResponse: string | null }): number | null {
  if (v.status === "ok") return v.score;
  if (v.status !== "error" || v.rawResponse === null) return null;
  const value = Number(v.rawResponse);
  return v.rawResponse.trim() !== "" && Number.isFinite(value) ? value : null;
}

/**
 * The table takes ~100,000 verdicts to build (about a second). It reads only the first answer in the original order
 * of these versions on HANNA's items, which the import writes once each: they leave only with their version or
 * transcript (the version list and the gold labels below change), and one replaced in place is a re-run, which ends in
 * a calibration of that version. So the versions, their calibrations' count and newest time, and a fingerprint of the
 * gold labels (an adjudicator may change them) say whether a table made earlier still holds — without counting
 * ~100,000 verdicts (a third of the page's time). Null when no HANNA label set has been imported.
 */
async function readInputs(figure: Pick<PublishedFigure, "judges">) {
  const client = db();
  const queues = await client.labelQueue.findMany({
    where: { name: { in: HANNA_CRITERIA.map((c) => hannaLabelSetName(c.name)) }, kind: "graded", archivedAt: null },
    select: { id: true, name: true, rubricVersion: true },
  });
  if (queues.length === 0) return null;
  const versions = await client.judgeVersion.findMany({
    where: { provider: "replay", judge: { name: { in: [...new Set(figure.judges.map((j) => hannaJudgeName(j.llm)))] } } },
    select: { id: true, model: true, promptTemplate: true, judge: { select: { name: true } } },
  });
  const versionOf = (llm: string, variant: number) =>
    versions.find((v) => v.judge.name === hannaJudgeName(llm) && v.model === llm && v.promptTemplate === hannaTemplate(variant)) ?? null;
  const wanted = figure.judges.map((j) => versionOf(j.llm, j.variant)).filter((v) => v !== null);

  const [gold, seen] = await Promise.all([
    // ~6,000 rows read on every view to fingerprint the table: plain rows on the bulk connection, not mapped objects.
    bulkQuery(
      `SELECT g."queue_id", g."transcript_id", g."score", g."value" FROM "gold_labels" g JOIN "label_queues" q ON q."id" = g."queue_id" AND q."rubric_version" = g."rubric_version" WHERE g."queue_id" IN (${placeholders(databaseProvider(databaseUrl()), queues.length)})`,
      queues.map((q) => q.id),
    ).then((rows) =>
      rows.map((r) => ({
        queueId: String(r.queue_id),
        transcriptId: String(r.transcript_id),
        score: r.score === null ? null : Number(r.score),
        value: String(r.value),
      })),
    ),
    client.calibration.aggregate({ where: { judgeVersionId: { in: wanted.map((v) => v.id) } }, _count: true, _max: { createdAt: true } }),
  ]);
  const goldPrint = createHash("sha256");
  for (const g of gold) goldPrint.update(`${g.queueId}/${g.transcriptId}/${g.score}/${g.value}\n`);
  const fingerprint = JSON.stringify([queues.map((q) => q.id).sort(), wanted.map((v) => v.id), seen, goldPrint.digest("hex")]);
  return { queues, versionOf, wanted, gold, fingerprint };
}

/** What HANNA "as published" is read from, fingerprinted: it can only have changed when this moves. */
export async function hannaAsPublishedFingerprint(figure: Pick<PublishedFigure, "judges">): Promise<string> {
  return (await readInputs(figure))?.fingerprint ?? "none";
}

/** What the figure's judges answered on the imported HANNA items: null when no HANNA label set has been imported. */
export async function readHannaAsPublished(figure: Pick<PublishedFigure, "judges">): Promise<StoredHannaAsPublished | null> {
  const inputs = await readInputs(figure);
  if (!inputs) return null;
  const { queues, versionOf, wanted, gold } = inputs;

  // Only HANNA replay versions are asked for, so every verdict is on a HANNA item (no join needed). ~100,000 rows:
  // raw SQL on the bulk connection costs a fraction of the Prisma client's object mapping.
  const ids = wanted.map((v) => v.id);
  const rows = ids.length
    ? await bulkQuery(
        `SELECT "judge_version_id", "transcript_id", "status", "score", "raw_response" FROM "judge_verdicts" WHERE "judge_version_id" IN (${placeholders(databaseProvider(databaseUrl()), ids.length)}) AND "order" = 'original' AND "repeat" = 0`,
        ids,
      )
    : [];
  const given = new Map(ids.map((id) => [id, new Map<string, number | null>()]));
  for (const row of rows) {
    const value = valueAsGiven({
      status: String(row.status),
      score: row.score === null ? null : Number(row.score),
      rawResponse: row.raw_response === null ? null : String(row.raw_response),
    });
    given.get(String(row.judge_version_id))!.set(String(row.transcript_id), value);
  }
  // The stored score is the exact mean of the three ratings; the value text is rounded to two decimals.
  const goldByCriterion = new Map(
    HANNA_CRITERIA.map(({ name }) => {
      const queue = queues.find((q) => q.name === hannaLabelSetName(name));
      return [
        name,
        queue
          ? gold.filter((g) => g.queueId === queue.id).map((g) => ({ transcriptId: g.transcriptId, mean: g.score ?? Number(g.value) }))
          : [],
      ];
    }),
  );
  const goldOf = (criterion: HannaCriterion) => goldByCriterion.get(criterion) ?? [];

  return { versionOf, given, goldOf };
}
