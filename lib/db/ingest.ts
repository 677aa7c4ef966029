import "server-only";
import type { AuditAction } from "../audit-actions";
import { UserError } from "../errors";
import type { ItemKind } from "../items/kinds";
import type { ParsedTranscript } from "../schemas/transcripts";
import { recordAudit } from "./audit";
import { db } from "./client";
import { addTranscriptsToQueue } from "./queue-admin";
import { importTranscripts } from "./transcripts";

/**
 * Live OTLP ingestion's storage (docs/transcripts.md, "Live ingestion"): the parts of traces
 * acknowledged and not yet closed (IngestBatch), what each closed trace became (IngestTrace), and
 * the routing rules (IngestRule). Reads and writes only: lib/ingest decides.
 */

export interface PendingPart {
  traceId: string;
  spans: number;
  payload: string;
}

/** Stores a request's trace parts in one statement, before the request is acknowledged. */
export async function savePendingParts(parts: PendingPart[], by: { tokenId: string | null; userId: string | null }): Promise<void> {
  if (!parts.length) return;
  await db().ingestBatch.createMany({ data: parts.map((p) => ({ ...p, tokenId: by.tokenId, userId: by.userId })) });
}

/** Traces whose newest part arrived before `cutoff`: idle, ready to close. Oldest first. */
export async function idleTraceIds(cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db().ingestBatch.groupBy({
    by: ["traceId"],
    _max: { receivedAt: true },
    having: { receivedAt: { _max: { lt: cutoff } } },
    orderBy: { _max: { receivedAt: "asc" } },
    take: limit,
  });
  return rows.map((r) => r.traceId);
}

export async function pendingParts(traceIds: string[]) {
  if (!traceIds.length) return [];
  return db().ingestBatch.findMany({
    where: { traceId: { in: traceIds } },
    select: { id: true, traceId: true, spans: true, payload: true },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
  });
}

export interface ClosedTrace {
  traceId: string;
  /** The IngestBatch rows this closing consumes. */
  partIds: string[];
  spans: number;
  outcome: "transcript" | "skipped" | "error";
  transcript: ParsedTranscript | null;
  routing: "routed" | "sampled_out" | "unrouted";
  ruleId: string | null;
  queue: { id: string; testFraction: number } | null;
  service: string | null;
  note: string | null;
}

/** Another process closed some of these traces first: nothing of this attempt was written. */
export class AlreadyClosed extends Error {}

/**
 * Closes traces in one transaction: deletes their parts, writes their transcripts (keyed by content
 * hash, as every import), adds the routed ones to their queues and records what each became. When
 * a part is already gone (another process closed it), the whole attempt rolls back.
 */
export async function closeTraces(traces: ClosedTrace[]): Promise<{ transcripts: number; created: number; queued: number }> {
  const partIds = traces.flatMap((t) => t.partIds);
  return db().$transaction(
    async (tx) => {
      let deleted = 0;
      for (let i = 0; i < partIds.length; i += 500)
        deleted += (await tx.ingestBatch.deleteMany({ where: { id: { in: partIds.slice(i, i + 500) } } })).count;
      if (deleted !== partIds.length) throw new AlreadyClosed(`${partIds.length - deleted} parts were closed by another process`);
      const withTranscript = traces.filter((t) => t.transcript);
      const imported = await importTranscripts(
        withTranscript.map((t) => t.transcript!),
        tx,
      );
      const transcriptIdOf = new Map(withTranscript.map((t, i) => [t.traceId, imported.ids[i]!]));
      const byQueue = new Map<string, { queue: { id: string; testFraction: number }; ids: string[] }>();
      for (const t of withTranscript) {
        if (t.routing !== "routed" || !t.queue) continue;
        const entry = byQueue.get(t.queue.id) ?? { queue: t.queue, ids: [] };
        entry.ids.push(transcriptIdOf.get(t.traceId)!);
        byQueue.set(t.queue.id, entry);
      }
      let queued = 0;
      for (const { queue, ids } of byQueue.values()) queued += await addTranscriptsToQueue(tx, queue, ids);
      await tx.ingestTrace.createMany({
        data: traces.map((t) => ({
          traceId: t.traceId,
          spans: t.spans,
          outcome: t.outcome,
          transcriptId: transcriptIdOf.get(t.traceId) ?? null,
          routing: t.routing,
          ruleId: t.ruleId,
          queueId: t.routing === "routed" ? (t.queue?.id ?? null) : null,
          service: t.service,
          note: t.note,
        })),
      });
      return { transcripts: withTranscript.length, created: imported.created, queued };
    },
    { timeout: 60_000, maxWait: 20_000 },
  );
}

// ─── Routing rules ───────────────────────────────────────────────────────────────────────────

export interface IngestRuleInput {
  name: string;
  service: string | null;
  attributeKey: string | null;
  attributeValue: string | null;
  sampleRate: number;
  queueId: string;
  enabled: boolean;
}

/** Every rule in order, with its queue's name, kind and whether it is archived. */
export async function listIngestRules() {
  const rules = await db().ingestRule.findMany({ orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
  const queues = await db().labelQueue.findMany({
    where: { id: { in: [...new Set(rules.map((r) => r.queueId))] } },
    select: { id: true, name: true, kind: true, archivedAt: true, testFraction: true },
  });
  const byId = new Map(queues.map((q) => [q.id, { ...q, kind: q.kind as ItemKind }]));
  return rules.map((rule) => ({ ...rule, queue: byId.get(rule.queueId) ?? null }));
}

async function requireQueue(queueId: string) {
  const queue = await db().labelQueue.findUnique({ where: { id: queueId }, select: { id: true, name: true, archivedAt: true } });
  if (!queue || queue.archivedAt) throw new UserError("Choose a label set that exists and is not archived.", 422, "queueId");
  return queue;
}

async function audited<T>(
  action: AuditAction,
  actorId: string,
  targetId: string,
  details: Record<string, unknown>,
  work: () => Promise<T>,
) {
  const result = await work();
  await recordAudit(db(), { actorId, action, targetType: "ingest_rule", targetId, details });
  return result;
}

export async function createIngestRule(input: IngestRuleInput, actorId: string) {
  const queue = await requireQueue(input.queueId);
  if (await db().ingestRule.findUnique({ where: { name: input.name } }))
    throw new UserError(`A routing rule named "${input.name}" exists: choose another name.`, 409, "name");
  const last = await db().ingestRule.aggregate({ _max: { position: true } });
  const rule = await db().ingestRule.create({ data: { ...input, position: (last._max.position ?? 0) + 1, createdById: actorId } });
  await recordAudit(db(), {
    actorId,
    action: "ingest_rule.created",
    targetType: "ingest_rule",
    targetId: rule.id,
    details: { ...input, queue: queue.name },
  });
  return rule;
}

export async function updateIngestRule(id: string, input: IngestRuleInput, actorId: string) {
  const before = await db().ingestRule.findUnique({ where: { id } });
  if (!before) throw new UserError("That routing rule no longer exists.", 404);
  const queue = await requireQueue(input.queueId);
  return audited("ingest_rule.changed", actorId, id, { before: pick(before), after: { ...input, queue: queue.name } }, () =>
    db().ingestRule.update({ where: { id }, data: input }),
  );
}

export async function deleteIngestRule(id: string, actorId: string) {
  const before = await db().ingestRule.findUnique({ where: { id } });
  if (!before) throw new UserError("That routing rule no longer exists.", 404);
  await audited("ingest_rule.deleted", actorId, id, pick(before), () => db().ingestRule.delete({ where: { id } }));
}

const pick = (r: IngestRuleInput & { position: number }) => ({
  name: r.name,
  service: r.service,
  attributeKey: r.attributeKey,
  attributeValue: r.attributeValue,
  sampleRate: r.sampleRate,
  queueId: r.queueId,
  enabled: r.enabled,
  position: r.position,
});

// ─── What came in ────────────────────────────────────────────────────────────────────────────

/** Spans waiting in open traces, and what closed traces became, for the routing page and the benchmark. */
export async function ingestOverview(recent = 20) {
  const [pending, pendingTraces, closed, recentTraces] = await Promise.all([
    db().ingestBatch.aggregate({ _sum: { spans: true } }),
    db()
      .ingestBatch.groupBy({ by: ["traceId"] })
      .then((rows) => rows.length),
    db().ingestTrace.groupBy({ by: ["outcome", "routing", "queueId", "ruleId"], _count: { _all: true }, _sum: { spans: true } }),
    db().ingestTrace.findMany({ orderBy: { closedAt: "desc" }, take: recent }),
  ]);
  return {
    pending: { traces: pendingTraces, spans: pending._sum.spans ?? 0 },
    closed: closed.map((c) => ({
      outcome: c.outcome,
      routing: c.routing,
      queueId: c.queueId,
      ruleId: c.ruleId,
      traces: c._count._all,
      spans: c._sum.spans ?? 0,
    })),
    recent: recentTraces,
  };
}
