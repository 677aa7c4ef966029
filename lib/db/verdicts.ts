import "server-only";
import type { StoredVerdict } from "../judges/run-judge";
import { isHiddenFrom, type Viewer } from "./blind";
import { db, Prisma } from "./client";

/** Saves one judged call; a rerun of the same (version, item, order, repeat) replaces the earlier attempt. */
export async function saveVerdict(judgeVersionId: string, verdict: StoredVerdict) {
  const data = {
    status: verdict.status,
    value: verdict.value,
    score: verdict.score,
    reason: verdict.reason,
    requestHash: verdict.requestHash,
    rawRequest:
      verdict.rawRequest === null || verdict.rawRequest === undefined ? Prisma.DbNull : (verdict.rawRequest as Prisma.InputJsonValue),
    rawResponse: verdict.rawResponse,
    tokensIn: verdict.tokensIn,
    tokensOut: verdict.tokensOut,
    costUsd: verdict.costUsd,
    latencyMs: verdict.latencyMs,
    error: verdict.error,
  };
  return db().judgeVerdict.upsert({
    where: {
      judgeVersionId_transcriptId_order_repeat: {
        judgeVersionId,
        transcriptId: verdict.transcriptId,
        order: verdict.order,
        repeat: verdict.repeat,
      },
    },
    update: data,
    create: { judgeVersionId, transcriptId: verdict.transcriptId, order: verdict.order, repeat: verdict.repeat, ...data },
  });
}

/** What a judge answered on one item, in one order and repeat: what a calibration reads and a reviewer is shown. */
export const VERDICT_ANSWER_SELECT = {
  order: true,
  repeat: true,
  status: true,
  value: true,
  score: true,
  reason: true,
} as const;

/** The verdicts of a version on these items (every order and repeat). */
export async function listVerdicts(judgeVersionId: string, transcriptIds?: string[]) {
  const rows = await db().judgeVerdict.findMany({
    where: { judgeVersionId },
    orderBy: [{ transcriptId: "asc" }, { order: "asc" }, { repeat: "asc" }],
    select: {
      id: true,
      transcriptId: true,
      ...VERDICT_ANSWER_SELECT,
      error: true,
      costUsd: true,
      tokensIn: true,
      tokensOut: true,
      latencyMs: true,
      requestHash: true,
    },
  });
  if (!transcriptIds) return rows;
  const ids = new Set(transcriptIds);
  return rows.filter((r) => ids.has(r.transcriptId));
}

/** The raw answers behind a version's verdicts (for their response fingerprints). */
export async function verdictResponses(judgeVersionId: string) {
  return db().judgeVerdict.findMany({
    where: { judgeVersionId, rawResponse: { not: null } },
    select: { transcriptId: true, order: true, repeat: true, rawResponse: true },
  });
}

/**
 * Everything stored about a version's verdicts on one item, raw request and response included;
 * null while the viewer may still label the item (blind review).
 */
export async function verdictDetails(viewer: Viewer, judgeVersionId: string, transcriptId: string) {
  if (await isHiddenFrom(viewer, transcriptId)) return null;
  return db().judgeVerdict.findMany({ where: { judgeVersionId, transcriptId }, orderBy: [{ order: "asc" }, { repeat: "asc" }] });
}

/** A recorded raw answer for a request hash (replay of recorded verdicts), newest first. */
export async function recordedResponses(requestHash: string): Promise<string[]> {
  const rows = await db().judgeVerdict.findMany({
    where: { requestHash, rawResponse: { not: null } },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: { rawResponse: true },
  });
  return rows.map((r) => r.rawResponse!).filter(Boolean);
}

export async function verdictTotals(judgeVersionId: string) {
  const rows = await db().judgeVerdict.groupBy({
    by: ["status"],
    where: { judgeVersionId },
    _count: { _all: true },
    _sum: { costUsd: true },
  });
  return rows.map((r) => ({ status: r.status, count: r._count._all, costUsd: r._sum.costUsd }));
}
