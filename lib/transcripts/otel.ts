import { newTranscriptSchema } from "../schemas/transcripts";
import { parseJsonSafely } from "../text/safe-json";
import { locate } from "./json-text";
import { assemble, type ModelCall, type Timed, type ToolRun } from "./chat/conversation";
import { readRecords, type SpanRecord } from "./otel/otlp";
import { readSpan } from "./otel/shapes";
import { issueText, zodIssueTexts, type ImportItem, type ParseResult } from "./types";

export { anyValueToJs } from "./otel/otlp";

/**
 * OpenTelemetry traces (and the log records that carry message content) exported as OTLP JSON —
 * one ExportTraceServiceRequest / ExportLogsServiceRequest, or one per line as the Collector's file
 * exporter writes them — become one transcript per trace. Pure.
 *
 * Each span is read by the first shape that claims it (otel/shapes: OpenTelemetry GenAI in its
 * current and older forms, OpenLLMetry, pydantic-ai/Logfire, the Vercel AI SDK, OpenInference); a
 * span no shape claims (an HTTP request, a database query) is skipped and counted, and so is a
 * trace with no GenAI span at all. docs/transcripts.md has the mapping.
 */

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The export requests in the file: one JSON document, or one per line (the collector's file exporter). */
function readRequests(input: string): { docs: { where: string; value: unknown }[] } | { error: string } {
  const text = input.replace(/^\uFEFF/, "");
  const whole = parseJsonSafely(text);
  if ("value" in whole) return { docs: [{ where: "", value: whole.value }] };
  if (!whole.parse) return { error: whole.error };
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim());
  // One request per line only when the first line is a whole JSON document by itself.
  if (!first || first === text.trim() || !parses(first)) return { error: `not valid JSON (${locate(text, new Error(whole.error))})` };
  const docs: { where: string; value: unknown }[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parsed = parseJsonSafely(line);
    if (!("value" in parsed)) return { error: `line ${i + 1}: ${parsed.parse ? `not valid JSON (${parsed.error})` : parsed.error}` };
    docs.push({ where: `line ${i + 1}: `, value: parsed.value });
  }
  return { docs };
}

function spanLabel(span: SpanRecord) {
  return span.synthetic
    ? `trace ${span.traceId} log records of span ${span.spanId || "(none)"}`
    : `trace ${span.traceId} span ${span.spanId}${span.name ? ` (${span.name})` : ""}`;
}

interface TraceReading {
  item: ImportItem | null;
  skippedSpans: SpanRecord[];
  shapes: Set<string>;
}

function readTrace(traceId: string, spans: SpanRecord[], errors: string[]): TraceReading {
  const models: Timed<ModelCall>[] = [];
  const tools: Timed<ToolRun>[] = [];
  const skippedSpans: SpanRecord[] = [];
  const shapes = new Set<string>();
  const before = errors.length;
  for (const span of spans) {
    const reading = readSpan(span);
    if (reading === null) {
      skippedSpans.push(span);
      continue;
    }
    if ("error" in reading) {
      errors.push(`${spanLabel(span)}: ${reading.error}`);
      continue;
    }
    shapes.add(reading.shape.label);
    for (const item of reading.contributions) {
      if (item.kind === "model") models.push({ start: span.start, end: span.end, order: span.order, item });
      else tools.push({ start: span.start, end: span.end, order: span.order, item });
    }
  }
  if (errors.length > before) return { item: null, skippedSpans, shapes };
  // Nothing GenAI in this trace (a health check, a background job): skipped, not an error.
  if (shapes.size === 0) return { item: null, skippedSpans, shapes };

  const messages = assemble(models, tools);
  const root = spans.find((s) => !s.parentSpanId && !s.synthetic) ?? spans[0]!;
  const where = `trace ${traceId}`;
  const firstUser = messages.find((m) => m.role === "user" && m.content);
  if (!firstUser) {
    errors.push(
      `${where} (root span ${root.spanId}): no user message in the trace's GenAI spans to use as the task prompt; is message content capture on? (docs/transcripts.md, "Capturing content")`,
    );
    return { item: null, skippedSpans, shapes };
  }
  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant" && m.content);
  const parsed = newTranscriptSchema.safeParse({
    source: "otel",
    externalId: traceId,
    kind: "binary",
    taskPrompt: firstUser.content!,
    ...(lastAssistant ? { finalOutput: lastAssistant.content } : {}),
    content: { messages },
  });
  if (!parsed.success) {
    errors.push(...zodIssueTexts(where, parsed.error));
    return { item: null, skippedSpans, shapes };
  }
  return { item: { where, transcript: parsed.data, verdicts: [] }, skippedSpans, shapes };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What was read and what was left out, for the import's result. */
function notesFor(shapes: Set<string>, skippedSpans: SpanRecord[], skippedTraces: string[], untraced: number): string[] {
  const notes: string[] = [];
  if (shapes.size) notes.push(`read as ${[...shapes].join(", ")}`);
  const spans = skippedSpans.filter((s) => !s.synthetic);
  if (spans.length) {
    const names = [...new Set(spans.map((s) => s.name || "unnamed"))];
    notes.push(`${plural(spans.length, "span")} skipped (not GenAI: ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""})`);
  }
  const logs = skippedSpans.filter((s) => s.synthetic).reduce((n, s) => n + s.logs.length, 0);
  if (logs) notes.push(`${plural(logs, "log record")} skipped (not GenAI)`);
  if (untraced)
    notes.push(`${plural(untraced, "log record")} skipped (no trace id: nothing ties ${untraced === 1 ? "it" : "them"} to a conversation)`);
  if (skippedTraces.length)
    notes.push(
      `${plural(skippedTraces.length, "trace")} skipped (no GenAI span: ${skippedTraces.slice(0, 3).join(", ")}${skippedTraces.length > 3 ? ", …" : ""})`,
    );
  return notes;
}

export function parseOtlp(input: string): ParseResult {
  const read = readRequests(input);
  if ("error" in read) return { ok: false, errors: [read.error] };
  const records = readRecords(read.docs);
  if (records.errors.length) return { ok: false, errors: records.errors };
  const byTrace = new Map<string, SpanRecord[]>();
  for (const span of records.spans) {
    const list = byTrace.get(span.traceId) ?? [];
    list.push(span);
    byTrace.set(span.traceId, list);
  }
  const errors: string[] = [];
  const items: ImportItem[] = [];
  const skippedSpans: SpanRecord[] = [];
  const skippedTraces: string[] = [];
  const shapes = new Set<string>();
  for (const [traceId, spans] of byTrace) {
    const reading = readTrace(traceId, spans, errors);
    skippedSpans.push(...reading.skippedSpans);
    reading.shapes.forEach((s) => shapes.add(s));
    if (reading.item) items.push(reading.item);
    else if (reading.shapes.size === 0) skippedTraces.push(traceId);
  }
  if (errors.length) return { ok: false, errors };
  // A skipped trace's spans are counted in the trace's note, not one by one.
  const inSkipped = new Set(skippedTraces);
  const notes = notesFor(
    shapes,
    skippedSpans.filter((s) => !inSkipped.has(s.traceId)),
    skippedTraces,
    records.untraced,
  );
  if (items.length === 0) {
    if (!records.spans.length && !records.untraced)
      return { ok: false, errors: [issueText("OTLP JSON", ["resourceSpans"], "the file holds no spans or log records")] };
    return {
      ok: false,
      errors: [`no GenAI spans or log records in the file: ${notes.join("; ")}. Gavel reads the shapes listed in docs/transcripts.md.`],
    };
  }
  return { ok: true, items, notes };
}
