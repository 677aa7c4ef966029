import type { Json, LangfuseClient } from "./client";
import { advance, readCursor, startingPoint, type LangfuseCursor } from "./cursor";

/**
 * One pull: page through the project's traces oldest first from where the last pull stopped (or
 * --since), read each new trace whole (observations and scores), hand the page to `saveTraces`, and
 * only then move the stored place past it. A pull cut short (a crash, a 500, Ctrl-C) leaves the
 * place at the last page written, so the next pull resumes there; the writer is idempotent, so a
 * page written twice adds nothing.
 */
export interface PullOptions {
  since: Date;
  until?: Date;
  tags: readonly string[];
  pageSize: number;
  /** Ignore the stored place and start at --since. */
  fromStart?: boolean;
}

export interface PullDeps {
  client: Pick<LangfuseClient, "traces" | "trace">;
  loadCursor(): Promise<unknown>;
  saveCursor(cursor: LangfuseCursor): Promise<void>;
  /** Writes one page of whole traces (oldest first); throws to stop the pull before the place moves. */
  saveTraces(traces: Json[]): Promise<void>;
  log(message: string): void;
}

export interface PullSummary {
  from: string;
  resumed: boolean;
  pages: number;
  /** Traces the list returned. */
  listed: number;
  /** Traces read whole and handed to the writer. */
  read: number;
  /** Traces the stored place says were already imported. */
  alreadyPulled: number;
  cursor: LangfuseCursor | null;
}

export async function pullLangfuse(options: PullOptions, deps: PullDeps): Promise<PullSummary> {
  const stored = options.fromStart ? null : readCursor(await deps.loadCursor());
  const start = startingPoint(options.since, options.tags, stored);
  if (start.ignored) deps.log(start.ignored);
  if (start.resumed) deps.log(`resuming after ${start.skip.size} trace(s) at ${start.from}, where the last pull stopped`);
  const summary: PullSummary = { from: start.from, resumed: start.resumed, pages: 0, listed: 0, read: 0, alreadyPulled: 0, cursor: stored };
  let cursor = start.resumed ? stored : null;
  for (let page = 1; ; page++) {
    const list = await deps.client.traces({
      page,
      limit: options.pageSize,
      fromTimestamp: start.from,
      toTimestamp: options.until?.toISOString(),
      tags: options.tags,
    });
    summary.pages++;
    summary.listed += list.data.length;
    const fresh = list.data.filter(
      (t) => !(Date.parse(t.timestamp as string) === Date.parse(start.from) && start.skip.has(t.id as string)),
    );
    summary.alreadyPulled += list.data.length - fresh.length;
    const whole: Json[] = [];
    for (const t of fresh) whole.push(await deps.client.trace(t.id as string));
    if (whole.length) await deps.saveTraces(whole);
    summary.read += whole.length;
    const next = advance(cursor, list.data as { id: string; timestamp: string }[], options.tags);
    if (next && next !== cursor) {
      await deps.saveCursor(next);
      cursor = next;
    }
    if (list.data.length === 0 || page >= list.meta.totalPages) break;
  }
  summary.cursor = cursor;
  return summary;
}
