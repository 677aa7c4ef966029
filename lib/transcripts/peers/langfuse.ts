import { readJsonOrLines } from "../json-text";
import type { ImportItem, ParseResult, SkippedPart } from "../types";
import { plural } from "./chat";
import { mapLangfuseTrace } from "./langfuse-trace";

export { langfuseScore, mapLangfuseTrace, type LangfuseTraceInput, type LangfuseTraceResult } from "./langfuse-trace";

/**
 * Langfuse exports (github.com/langfuse/langfuse): a trace downloaded from its page
 * (web/src/features/traces/server/buildTraceExport.ts: {observations, scores}; before that
 * {trace, observations}), a trace from the public API (GET /api/public/traces/{id}: the trace with
 * its observations and scores), and the batch exports of the traces or observations tables (JSON
 * array or JSONL rows; worker/src/features/database-read-stream). One transcript per trace, mapped
 * by mapLangfuseTrace (langfuse-trace.ts, also used by the Langfuse pull); scores are kept as
 * scores, never verdicts by themselves; a trace that is not a conversation is skipped with why.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

interface Trace {
  id: string;
  row: Obj | null;
  observations: Obj[];
  scores: Obj[];
}

const isObservation = (row: Obj) =>
  typeof row.traceId === "string" && typeof row.type === "string" && ("startTime" in row || "start_time" in row);

/** Every trace in the file, whichever export it is. */
function collect(value: unknown): Map<string, Trace> | string {
  const traces = new Map<string, Trace>();
  const get = (id: string) => {
    let t = traces.get(id);
    if (!t) traces.set(id, (t = { id, row: null, observations: [], scores: [] }));
    return t;
  };
  const addScores = (list: unknown, fallbackTrace?: string) => {
    for (const s of Array.isArray(list) ? list : []) if (isObj(s)) get(str(s.traceId) ?? fallbackTrace ?? "")?.scores.push(s);
  };
  const addRow = (row: Obj) => {
    if (isObservation(row)) get(row.traceId as string).observations.push(row);
    else if (typeof row.id === "string") {
      const t = get(row.id);
      t.row = row;
      for (const o of Array.isArray(row.observations) ? row.observations : []) if (isObj(o)) t.observations.push({ traceId: row.id, ...o });
      addScores(row.scores, row.id);
    }
  };
  if (Array.isArray(value)) value.forEach((row) => isObj(row) && addRow(row));
  else if (isObj(value) && Array.isArray(value.data)) value.data.forEach((row) => isObj(row) && addRow(row));
  else if (isObj(value) && isObj(value.trace)) {
    addRow({ ...value.trace, observations: value.observations, scores: value.scores ?? (value.trace as Obj).scores });
  } else if (isObj(value) && Array.isArray(value.observations) && typeof value.id !== "string") {
    value.observations.forEach((o) => isObj(o) && addRow(o));
    addScores(value.scores);
  } else if (isObj(value)) addRow(value);
  traces.delete("");
  if (!traces.size)
    return "no Langfuse traces or observations found: expected a trace download ({observations, scores} or {trace, observations}), a trace from the public API, or a batch export of traces or observations";
  return traces;
}

export function parseLangfuse(input: string): ParseResult {
  // A trace download, or a JSONL batch export: one row per line.
  const read = readJsonOrLines(input);
  if (!read.ok) return read;
  const traces = collect(read.value);
  if (typeof traces === "string") return { ok: false, errors: [traces] };
  const errors: string[] = [];
  const items: ImportItem[] = [];
  const notes: string[] = [];
  const skipped: SkippedPart[] = [];
  for (const trace of traces.values()) {
    const mapped = mapLangfuseTrace({ trace: trace.row ?? { id: trace.id }, observations: trace.observations, scores: trace.scores });
    if (mapped.ok) {
      items.push(mapped.item);
      notes.push(...mapped.notes);
    } else if ("skipped" in mapped) skipped.push(mapped.skipped);
    else errors.push(...mapped.errors);
  }
  if (errors.length) return { ok: false, errors };
  if (!items.length) return { ok: false, errors: skipped.map((s) => `${s.where}: ${s.why}`) };
  const scored = items.filter((i) => i.scores?.length).length;
  if (scored)
    notes.push(
      `${plural(scored, "transcript")} with Langfuse scores: kept as scores, not verdicts (map one with --score NAME --pass-when ">=0.5")`,
    );
  return { ok: true, items, notes, ...(skipped.length ? { skipped } : {}) };
}
