import { AlreadyClosed, closeTraces, idleTraceIds, listIngestRules, pendingParts, type ClosedTrace } from "../db/ingest";
import { assembleTrace } from "./assemble";
import { routeTrace, type RoutingRule } from "./routing";

/**
 * Closes live traces: a trace whose newest span arrived more than the idle window ago
 * (GAVEL_INGEST_IDLE_S, default 5 s) is assembled from every part stored for it, mapped, routed and
 * written in one transaction that also deletes its parts. Spans are durable from the moment they are
 * acknowledged, so a server that restarts simply closes what it finds on its next sweep. A span
 * that arrives after its trace closed starts a new trace record of its own.
 */

export function idleWindowMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.GAVEL_INGEST_IDLE_S?.trim();
  const seconds = raw ? Number(raw) : 5;
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`GAVEL_INGEST_IDLE_S must be a number of seconds ≥ 0, not "${raw}".`);
  return seconds * 1000;
}

/** Traces closed per transaction. */
const BATCH = 100;

type Rule = Awaited<ReturnType<typeof listIngestRules>>[number];

function closing(traceId: string, parts: { id: string; spans: number; payload: string }[], rules: Rule[]): ClosedTrace {
  const assembled = assembleTrace(
    traceId,
    parts.map((p) => p.payload),
  );
  const base = {
    traceId,
    partIds: parts.map((p) => p.id),
    spans: parts.reduce((n, p) => n + p.spans, 0),
    service: assembled.facts.services.join(", ") || null,
  };
  if (assembled.outcome !== "transcript")
    return { ...base, outcome: assembled.outcome, transcript: null, routing: "unrouted", ruleId: null, queue: null, note: assembled.note };
  const transcript = assembled.item.transcript;
  // Only rules whose label set can take the item: one that exists, is not archived, and is of its kind.
  const usable: RoutingRule[] = rules.filter((r) => r.queue && !r.queue.archivedAt && r.queue.kind === transcript.kind);
  const decision = routeTrace(usable, assembled.facts);
  const notes = [...assembled.notes];
  const skippedRules = rules.filter((r) => r.enabled && !usable.includes(r));
  if (skippedRules.length)
    notes.push(`rules not applied (label set missing, archived or of another kind): ${skippedRules.map((r) => r.name).join(", ")}`);
  const rule = decision.rule ? rules.find((r) => r.id === decision.rule!.id)! : null;
  return {
    ...base,
    outcome: "transcript",
    transcript,
    routing: decision.routing,
    ruleId: rule?.id ?? null,
    queue: decision.routing === "routed" && rule?.queue ? { id: rule.queue.id, testFraction: rule.queue.testFraction } : null,
    note: notes.join("; ") || null,
  };
}

/** Closes every trace idle at `now`; answers how many were closed. */
export async function closeIdleTraces(now = new Date(), idleMs = idleWindowMs()): Promise<{ traces: number; transcripts: number }> {
  const cutoff = new Date(now.getTime() - idleMs);
  let traces = 0;
  let transcripts = 0;
  const rules = await listIngestRules();
  for (;;) {
    const ids = await idleTraceIds(cutoff, BATCH);
    if (!ids.length) break;
    const parts = await pendingParts(ids);
    const byTrace = new Map<string, typeof parts>();
    for (const part of parts) byTrace.set(part.traceId, [...(byTrace.get(part.traceId) ?? []), part]);
    const closed = [...byTrace].map(([traceId, list]) => closing(traceId, list, rules));
    try {
      const written = await closeTraces(closed);
      traces += closed.length;
      transcripts += written.transcripts;
    } catch (error) {
      // Another server process closed some of them first; what is left is closed on the next sweep.
      if (error instanceof AlreadyClosed) break;
      throw error;
    }
    if (ids.length < BATCH) break;
  }
  return { traces, transcripts };
}

const state = globalThis as unknown as { gavelIngestSweeper?: { timer: NodeJS.Timeout; running: boolean } };

/**
 * Starts the periodic sweep in this server process (once; later calls do nothing). It runs at least
 * every second, or every half idle window when that is shorter; a failing sweep is logged and
 * retried on the next tick, never lost, because nothing is deleted until its transcript is written.
 */
export function startSweeper(): void {
  if (state.gavelIngestSweeper) return;
  const idleMs = idleWindowMs();
  const every = Math.max(100, Math.min(1000, idleMs / 2));
  const sweeper = { running: false, timer: undefined as unknown as NodeJS.Timeout };
  sweeper.timer = setInterval(() => {
    if (sweeper.running) return;
    sweeper.running = true;
    closeIdleTraces(new Date(), idleMs)
      .catch((error: unknown) =>
        console.error("[ingest] closing idle traces failed; retrying on the next sweep:", error instanceof Error ? error.message : error),
      )
      .finally(() => (sweeper.running = false));
  }, every);
  sweeper.timer.unref();
  state.gavelIngestSweeper = sweeper;
}
