import { newTranscriptSchema } from "../schemas/transcripts";
import { parseJsonSafely } from "../text/safe-json";
import { lineJsonError } from "./json-text";
import { assemble, type ModelCall, type Timed, type ToolRun } from "./chat/conversation";
import { readRecords, type SpanRecord } from "./otel/otlp";
import { readSpan } from "./otel/shapes";
import { canonicalJson } from "../hash";
import { feedbackScore } from "./otel/feedback";
import { issueText, zodIssueTexts, type ImportedScore, type ImportItem, type ParseResult, type SkippedPart } from "./types";

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
  if (!first || first === text.trim() || !parses(first)) return { error: `not valid JSON (${whole.error})` };
  const docs: { where: string; value: unknown }[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parsed = parseJsonSafely(line);
    if (!("value" in parsed)) return { error: `line ${i + 1}: ${parsed.parse ? lineJsonError(parsed.error) : parsed.error}` };
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
  /** Why the trace is not a transcript, when it is not. */
  skipped: SkippedPart | null;
  skippedSpans: SpanRecord[];
  shapes: Set<string>;
}

/** Operations that make vectors, not conversation turns. */
const isEmbedding = (span: SpanRecord) =>
  /^ai\.embed/.test(String(span.attributes.get("ai.operationId") ?? span.name)) ||
  ["embeddings", "embedding"].includes(String(span.attributes.get("gen_ai.operation.name"))) ||
  String(span.attributes.get("openinference.span.kind")).toUpperCase() === "EMBEDDING";

/** Why a trace with GenAI spans but no user message is not a transcript. */
function whyNotAConversation(spans: SpanRecord[], models: number, tools: Timed<ToolRun>[]): string {
  const embedding = spans.find(isEmbedding);
  if (embedding) return `an embedding trace (span ${embedding.name}), not a conversation`;
  if (models === 0 && tools.length)
    return `${tools.length === 1 ? "a lone tool span" : "tool spans only"} (${[...new Set(tools.map((t) => t.item.name))].join(", ")}) with no model call, not a conversation`;
  return `no user message in its GenAI spans to use as the task prompt; is message content capture on? (docs/transcripts.md, "Capturing content")`;
}

/** What a read span's shape reads: its attributes, and the fields of its events and log records. */
interface SpanReads {
  span: SpanRecord;
  reads: (key: string) => boolean;
  readsEvent: (event: string, key: string) => boolean;
}

/** Keeps every distinct value of a field, in order of first sight. */
class Unread {
  private readonly values = new Map<string, unknown[]>();
  add(key: string, value: unknown) {
    if (value === undefined) return;
    const list = this.values.get(key) ?? [];
    if (!list.some((v) => canonicalJson(v) === canonicalJson(value))) list.push(value);
    this.values.set(key, list);
  }
  get size() {
    return this.values.size;
  }
  keys() {
    return [...this.values.keys()];
  }
  /** One value as itself, several as a list; keys sorted. */
  object(): Record<string, unknown> {
    return Object.fromEntries([...this.values].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  }
}

const NO_EVENT_NAME = "(no event name)";

/**
 * The one "everything not read" pass of an OTLP trace: of every span that became part of the
 * transcript (and every feedback span), each field its shape does not read — span attributes,
 * the resource's attributes, span event attributes and log record attributes and body fields — is
 * kept in content.metadata under otel.attributes / otel.resource / otel.events / otel.logs, and
 * named in the report as "attribute K", "resource K", "event NAME K", "log NAME K". A field with
 * different values on different spans keeps every value, in span order. Ids, times, names, scopes
 * and status are the trace's structure (docs/transcripts.md, "What is kept").
 */
function unreadFields(read: SpanReads[]): { metadata: Record<string, unknown>; unmapped: string[] } {
  const attributes = new Unread();
  const resource = new Unread();
  const events = new Map<string, Unread>();
  const logs = new Map<string, Unread>();
  const under = (map: Map<string, Unread>, name: string) => map.get(name) ?? map.set(name, new Unread()).get(name)!;
  for (const { span, reads, readsEvent } of read) {
    for (const [key, value] of span.attributes) if (!reads(key)) attributes.add(key, value);
    for (const [key, value] of span.resource) resource.add(key, value);
    for (const event of span.events)
      for (const [key, value] of event.attributes) if (!readsEvent(event.name, key)) under(events, event.name).add(key, value);
    for (const log of span.logs) {
      const name = log.eventName ?? NO_EVENT_NAME;
      for (const [key, value] of log.attributes) if (!readsEvent(name, key)) under(logs, name).add(key, value);
      for (const [key, value] of log.resource) resource.add(key, value);
      const body = log.body;
      if (body !== null && typeof body === "object" && !Array.isArray(body)) {
        for (const [key, value] of Object.entries(body)) if (!readsEvent(name, `body.${key}`)) under(logs, name).add(`body.${key}`, value);
      } else if (!readsEvent(name, "body")) under(logs, name).add("body", body);
    }
  }
  const grouped = (map: Map<string, Unread>) =>
    Object.fromEntries([...map].filter(([, u]) => u.size).map(([name, u]) => [name, u.object()]));
  const metadata: Record<string, unknown> = {
    ...(attributes.size ? { "otel.attributes": attributes.object() } : {}),
    ...(resource.size ? { "otel.resource": resource.object() } : {}),
    ...(Object.keys(grouped(events)).length ? { "otel.events": grouped(events) } : {}),
    ...(Object.keys(grouped(logs)).length ? { "otel.logs": grouped(logs) } : {}),
  };
  const unmapped = [
    ...attributes.keys().map((k) => `attribute ${k}`),
    ...resource.keys().map((k) => `resource ${k}`),
    ...[...events].flatMap(([name, u]) => u.keys().map((k) => `event ${name} ${k}`)),
    ...[...logs].flatMap(([name, u]) => u.keys().map((k) => `log ${name} ${k}`)),
  ];
  return { metadata, unmapped };
}

function readTrace(traceId: string, spans: SpanRecord[], errors: string[]): TraceReading {
  const models: Timed<ModelCall>[] = [];
  const tools: Timed<ToolRun>[] = [];
  const skippedSpans: SpanRecord[] = [];
  const shapes = new Set<string>();
  const read: SpanReads[] = [];
  const scores: ImportedScore[] = [];
  const before = errors.length;
  for (const span of spans) {
    const score = feedbackScore(span);
    if (score) {
      scores.push(score.score);
      read.push({ span, reads: score.reads, readsEvent: () => false });
      continue;
    }
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
    const shape = reading.shape;
    read.push({ span, reads: (key) => shape.reads(key, span), readsEvent: (event, key) => shape.readsEvent?.(event, key) ?? false });
    for (const item of reading.contributions) {
      if (item.kind === "model") models.push({ start: span.start, end: span.end, order: span.order, item });
      else tools.push({ start: span.start, end: span.end, order: span.order, item });
    }
  }
  if (errors.length > before) return { item: null, skipped: null, skippedSpans, shapes };
  // Nothing GenAI in this trace (a health check, a background job): skipped, not an error.
  if (shapes.size === 0) return { item: null, skipped: null, skippedSpans, shapes };

  const messages = assemble(models, tools);
  const where = `trace ${traceId}`;
  const firstUser = messages.find((m) => m.role === "user" && m.content);
  if (!firstUser) return { item: null, skipped: { where, why: whyNotAConversation(spans, models.length, tools) }, skippedSpans, shapes };
  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant" && m.content);
  const unread = unreadFields(read);
  const metadata: Record<string, unknown> = { ...unread.metadata, ...(scores.length ? { scores } : {}) };
  const parsed = newTranscriptSchema.safeParse({
    source: "otel",
    externalId: traceId,
    kind: "binary",
    taskPrompt: firstUser.content!,
    ...(lastAssistant ? { finalOutput: lastAssistant.content } : {}),
    content: { messages, ...(Object.keys(metadata).length ? { metadata } : {}) },
  });
  if (!parsed.success) {
    errors.push(...zodIssueTexts(where, parsed.error));
    return { item: null, skipped: null, skippedSpans, shapes };
  }
  const item: ImportItem = {
    where,
    transcript: parsed.data,
    verdicts: [],
    ...(scores.length ? { scores } : {}),
    ...(unread.unmapped.length ? { unmapped: unread.unmapped } : {}),
  };
  return { item, skipped: null, skippedSpans, shapes };
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
  return mapRecords(readRecords(read.docs));
}

/**
 * Already-decoded OTLP export requests ({resourceSpans} / {resourceLogs} objects, as the OTLP/HTTP
 * receiver decodes them from JSON or protobuf) to transcripts: the one mapping file imports and
 * live ingestion share.
 */
export function mapOtlpRequests(requests: readonly unknown[]): ParseResult {
  return mapRecords(readRecords(requests.map((value, i) => ({ where: requests.length > 1 ? `request ${i + 1}: ` : "", value }))));
}

function mapRecords(records: ReturnType<typeof readRecords>): ParseResult {
  if (records.errors.length) return { ok: false, errors: records.errors };
  const byTrace = new Map<string, SpanRecord[]>();
  for (const span of records.spans) {
    const list = byTrace.get(span.traceId) ?? [];
    list.push(span);
    byTrace.set(span.traceId, list);
  }
  const errors: string[] = [];
  const items: ImportItem[] = [];
  const skipped: SkippedPart[] = [];
  const skippedSpans: SpanRecord[] = [];
  const skippedTraces: string[] = [];
  const shapes = new Set<string>();
  for (const [traceId, spans] of byTrace) {
    const reading = readTrace(traceId, spans, errors);
    skippedSpans.push(...reading.skippedSpans);
    reading.shapes.forEach((s) => shapes.add(s));
    if (reading.item) items.push(reading.item);
    else if (reading.skipped) skipped.push(reading.skipped);
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
  if (skipped.length)
    notes.push(`${plural(skipped.length, "trace")} not imported: ${skipped.map((s) => `${s.where}: ${s.why}`).join("; ")}`);
  if (items.length === 0 && skipped.length === 0) {
    if (!records.spans.length && !records.untraced)
      return { ok: false, errors: [issueText("OTLP JSON", ["resourceSpans"], "the file holds no spans or log records")] };
    return {
      ok: false,
      errors: [`no GenAI spans or log records in the file: ${notes.join("; ")}. Gavel reads the shapes listed in docs/transcripts.md.`],
    };
  }
  return { ok: true, items, notes, ...(skipped.length ? { skipped } : {}) };
}
