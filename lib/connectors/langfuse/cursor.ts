/**
 * Where a Langfuse pull stopped. Traces are read oldest first, so the place is the newest trace
 * timestamp fully imported plus the ids of the traces at exactly that instant: Langfuse's
 * fromTimestamp is inclusive, and several traces can share a millisecond, so the next pull starts
 * AT that timestamp and passes over those ids rather than starting just after it and losing the
 * rest. `tags` records the filter the place belongs to: a pull with other tags starts afresh.
 */
export interface LangfuseCursor {
  version: 1;
  timestamp: string;
  ids: string[];
  tags: string[];
}

const sameTags = (a: readonly string[], b: readonly string[]) => [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/** The stored value as a cursor, or null when it is not one (written by another version). */
export function readCursor(value: unknown): LangfuseCursor | null {
  const c = value as Partial<LangfuseCursor> | null;
  if (!c || c.version !== 1 || typeof c.timestamp !== "string" || Number.isNaN(Date.parse(c.timestamp))) return null;
  if (!Array.isArray(c.ids) || !Array.isArray(c.tags)) return null;
  return { version: 1, timestamp: c.timestamp, ids: c.ids.map(String), tags: c.tags.map(String) };
}

/**
 * Where this pull starts: the later of --since and the stored place (when it was made with the same
 * tags), and the ids already imported at that instant.
 */
export function startingPoint(
  since: Date,
  tags: readonly string[],
  stored: LangfuseCursor | null,
): { from: string; skip: Set<string>; resumed: boolean; ignored: string | null } {
  if (stored && !sameTags(stored.tags, tags))
    return {
      from: since.toISOString(),
      skip: new Set(),
      resumed: false,
      ignored: `the stored place was for tags [${stored.tags.join(", ")}]; starting from --since`,
    };
  if (stored && Date.parse(stored.timestamp) >= since.getTime())
    return { from: stored.timestamp, skip: new Set(stored.ids), resumed: true, ignored: null };
  return { from: since.toISOString(), skip: new Set(), resumed: false, ignored: null };
}

/** The place after these traces (oldest first) were imported. */
export function advance(cursor: LangfuseCursor | null, traces: readonly { id: string; timestamp: string }[], tags: readonly string[]) {
  let next: LangfuseCursor | null = cursor && sameTags(cursor.tags, tags) ? { ...cursor, ids: [...cursor.ids] } : null;
  for (const t of traces) {
    const at = Date.parse(t.timestamp);
    if (!next || at > Date.parse(next.timestamp)) next = { version: 1, timestamp: t.timestamp, ids: [t.id], tags: [...tags] };
    else if (at === Date.parse(next.timestamp) && !next.ids.includes(t.id)) next.ids.push(t.id);
  }
  return next;
}
