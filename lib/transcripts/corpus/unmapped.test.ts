import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRecords, type SpanRecord } from "../otel/otlp";
import { feedbackScore } from "../otel/feedback";
import { SHAPES } from "../otel/shapes";
import { parseTranscriptFile } from "../parse";
import { BOOKKEEPING, isEmpty, isToolRun, LANGFUSE_READS } from "../peers/langfuse-trace";
import { OPENAI_CHAT_READS } from "../peers/openai-chat";
import type { ImportItem } from "../types";

/**
 * Issue #24, "the import report says what was not mapped": every leaf field of every corpus file is
 * either read by the mapping, named in its transcript's `unmapped` list (and so kept in
 * content.metadata), or one of the structural keys named below. The leaves are enumerated from the
 * raw file here, independently of the parsers' own "everything not read" passes: a field a parser
 * forgets (a resource attribute, a span event's attribute, a message's weight, an observation's
 * usage) fails this test.
 */
const root = import.meta.dirname;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * OTLP's structure, not content: ids and times place a span in its trace and conversation, the
 * name, kind, status and scope identify it (a tool span's status is its error), dropped counts,
 * flags, trace state and links say nothing a reviewer labels. Attributes are the content.
 */
const OTLP_SPAN_STRUCTURE = new Set([
  "traceId",
  "spanId",
  "parentSpanId",
  "name",
  "kind",
  "startTimeUnixNano",
  "endTimeUnixNano",
  "status",
  "flags",
  "traceState",
  "links",
  "droppedAttributesCount",
  "droppedEventsCount",
  "droppedLinksCount",
  "attributes",
  "events",
]);
const OTLP_EVENT_STRUCTURE = new Set(["name", "timeUnixNano", "attributes", "droppedAttributesCount"]);
const OTLP_LOG_STRUCTURE = new Set([
  "timeUnixNano",
  "observedTimeUnixNano",
  "severityNumber",
  "severityText",
  "traceId",
  "spanId",
  "flags",
  "eventName",
  "attributes",
  "body",
  "droppedAttributesCount",
]);

interface Leaf {
  /** The name the import report gives it ("attribute gen_ai.request.model", "messages[].weight"). */
  name: string;
  /** Which transcript it belongs to (trace id, line), or null when the whole file's. */
  item: string | null;
  /** Read by the mapping, by its own declaration. */
  read: boolean;
}

function documents(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return text
      .split(/\r?\n/)
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as unknown);
  }
}

const keysOf = (list: unknown): string[] => (Array.isArray(list) ? list.filter(isObj).map((kv) => String(kv.key)) : []);

/** Every OTLP leaf: resource, span, span event and log record attributes, log body fields. */
function otlpLeaves(text: string, structural: string[]): Leaf[] {
  const docs = documents(text);
  const records = readRecords(docs.map((value) => ({ where: "", value })));
  const byId = new Map(records.spans.map((s) => [`${s.traceId}/${s.spanId}`, s]));
  const readerOf = (span: SpanRecord | undefined) => {
    if (!span) return null;
    const feedback = feedbackScore(span);
    if (feedback) return { reads: feedback.reads, readsEvent: () => false };
    const shape = SHAPES.find((s) => s.claims(span));
    return shape
      ? { reads: (k: string) => shape.reads(k, span), readsEvent: (e: string, k: string) => shape.readsEvent?.(e, k) ?? false }
      : null;
  };
  const leaves: Leaf[] = [];
  for (const doc of docs.filter(isObj)) {
    for (const rs of Array.isArray(doc.resourceSpans) ? doc.resourceSpans.filter(isObj) : []) {
      const resource = keysOf(isObj(rs.resource) ? rs.resource.attributes : []);
      for (const ss of Array.isArray(rs.scopeSpans) ? rs.scopeSpans.filter(isObj) : [])
        for (const raw of Array.isArray(ss.spans) ? ss.spans.filter(isObj) : []) {
          const span = byId.get(`${String(raw.traceId)}/${String(raw.spanId)}`);
          const reader = readerOf(span);
          const item = String(raw.traceId);
          for (const key of Object.keys(raw)) if (!OTLP_SPAN_STRUCTURE.has(key)) structural.push(`span field ${key}`);
          // A span no shape claims (an HTTP request) is skipped as a whole and counted in the notes.
          if (!reader) continue;
          for (const key of resource) leaves.push({ name: `resource ${key}`, item, read: false });
          for (const key of keysOf(raw.attributes)) leaves.push({ name: `attribute ${key}`, item, read: reader.reads(key) });
          for (const event of Array.isArray(raw.events) ? raw.events.filter(isObj) : []) {
            for (const key of Object.keys(event)) if (!OTLP_EVENT_STRUCTURE.has(key)) structural.push(`event field ${key}`);
            for (const key of keysOf(event.attributes))
              leaves.push({ name: `event ${String(event.name)} ${key}`, item, read: reader.readsEvent(String(event.name), key) });
          }
        }
    }
    for (const rl of Array.isArray(doc.resourceLogs) ? doc.resourceLogs.filter(isObj) : []) {
      const resource = keysOf(isObj(rl.resource) ? rl.resource.attributes : []);
      for (const sl of Array.isArray(rl.scopeLogs) ? rl.scopeLogs.filter(isObj) : [])
        for (const log of Array.isArray(sl.logRecords) ? sl.logRecords.filter(isObj) : []) {
          for (const key of Object.keys(log)) if (!OTLP_LOG_STRUCTURE.has(key)) structural.push(`log field ${key}`);
          const span = byId.get(`${String(log.traceId)}/${String(log.spanId)}`) ?? byId.get(`${String(log.traceId)}/`);
          const reader = readerOf(span);
          if (!reader) continue;
          const item = String(log.traceId);
          const attributes = keysOf(log.attributes);
          const name = String(log.eventName || "") || "(no event name)";
          for (const key of resource) leaves.push({ name: `resource ${key}`, item, read: false });
          for (const key of attributes) leaves.push({ name: `log ${name} ${key}`, item, read: reader.readsEvent(name, key) });
          const body =
            isObj(log.body) && isObj(log.body.kvlistValue) ? keysOf(log.body.kvlistValue.values).map((k) => `body.${k}`) : ["body"];
          for (const key of body) leaves.push({ name: `log ${name} ${key}`, item, read: reader.readsEvent(name, key) });
        }
    }
  }
  return leaves;
}

/** Every line's own fields, each message's, each tool call's and its function's. */
function openAiChatLeaves(text: string): Leaf[] {
  const leaves: Leaf[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = JSON.parse(raw) as Obj;
    const item = `line ${i + 1}`;
    for (const key of Object.keys(line)) leaves.push({ name: key, item, read: OPENAI_CHAT_READS.line.has(key) });
    for (const m of Array.isArray(line.messages) ? line.messages.filter(isObj) : []) {
      for (const key of Object.keys(m)) leaves.push({ name: `messages[].${key}`, item, read: OPENAI_CHAT_READS.message.has(key) });
      for (const call of Array.isArray(m.tool_calls) ? m.tool_calls.filter(isObj) : []) {
        for (const key of Object.keys(call))
          leaves.push({ name: `messages[].tool_calls[].${key}`, item, read: OPENAI_CHAT_READS.call.has(key) });
        for (const key of Object.keys(isObj(call.function) ? call.function : {}))
          leaves.push({ name: `messages[].tool_calls[].function.${key}`, item, read: OPENAI_CHAT_READS.function.has(key) });
      }
    }
  });
  return leaves;
}

/** The JSON inside a string, when it is JSON (Langfuse quotes a trace's input and output). */
function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * A Langfuse download's trace row, observations and scores, field by field. Of a model call's input
 * and output object, each key is a leaf too: what unwrap steps over to reach the messages must be
 * named as observation.input.K / observation.output.K (or trace.input.K) or be a key unwrap reads.
 */
const UNWRAP_READS = new Set([
  "messages",
  "contents",
  "new_message",
  "run_messages",
  "content",
  "parts",
  "role",
  "type",
  "text",
  "args",
  // A Responses API object's output items are each a message or a function call.
  "output",
]);
function langfuseLeaves(text: string): Leaf[] {
  const doc = JSON.parse(text) as Obj;
  if (!isObj(doc.trace) && !Array.isArray(doc.observations)) throw new Error("a Langfuse download: {trace, observations, scores}");
  const trace = isObj(doc.trace) ? doc.trace : {};
  const item = String(trace.id ?? "");
  const leaves: Leaf[] = [];
  const add = (name: string, value: unknown, read: boolean) => {
    if (isEmpty(value) || BOOKKEEPING.has(name.split(".").at(-1)!)) return;
    leaves.push({ name, item, read });
  };
  const sides = (prefix: string, row: Obj) => {
    for (const side of ["input", "output"]) {
      const value = parsed(row[side]);
      if (isObj(value)) for (const [key, v] of Object.entries(value)) add(`${prefix}.${side}.${key}`, v, UNWRAP_READS.has(key));
    }
  };
  for (const [key, value] of Object.entries(trace)) add(`trace.${key}`, value, LANGFUSE_READS.trace.has(key));
  sides("trace", trace);
  const observations = [
    ...(Array.isArray(doc.observations) ? doc.observations : []),
    ...(Array.isArray(trace.observations) ? trace.observations : []),
  ];
  for (const o of observations.filter(isObj)) {
    const type = String(o.type).toUpperCase();
    const own = type === "GENERATION" ? LANGFUSE_READS.generation : isToolRun(o, type) ? LANGFUSE_READS.tool : new Set<string>();
    for (const [key, value] of Object.entries(o))
      add(`observation.${key}`, value, LANGFUSE_READS.observation.has(key) || own.has(key) || (key === "level" && value === "DEFAULT"));
    if (type === "GENERATION") sides("observation", o);
  }
  const scores = [...(Array.isArray(doc.scores) ? doc.scores : []), ...(Array.isArray(trace.scores) ? trace.scores : [])];
  for (const s of scores.filter(isObj))
    for (const [key, value] of Object.entries(s)) add(`score.${key}`, value, LANGFUSE_READS.score.has(key));
  return leaves;
}

const WALKERS: Record<string, ((text: string, structural: string[]) => Leaf[]) | null> = {
  otel: otlpLeaves,
  "openai-chat": (text) => openAiChatLeaves(text),
  langfuse: (text) => langfuseLeaves(text),
  // Not walked yet: their parsers keep whole sections (inspect.*, promptfoo.*) rather than field by field.
  inspect: null,
  promptfoo: null,
};

/** A leaf is named when its name, or a field it sits inside ("observation.metadata"), is listed. */
const named = (unmapped: Set<string>, name: string) =>
  unmapped.has(name) || [...unmapped].some((u) => name.startsWith(`${u}.`) || name.startsWith(`${u}[]`));

const files = readdirSync(root)
  .filter((name) => statSync(path.join(root, name)).isDirectory())
  .flatMap((project) =>
    readdirSync(path.join(root, project))
      .filter((f) => !f.endsWith(".expected.json") && f !== "LICENSE" && f !== "SOURCES.md" && !f.startsWith("."))
      .map((f) => `${project}/${f}`),
  );

describe("every field of every corpus file is read or named as not mapped", () => {
  it.each(files)("%s", (file) => {
    const bytes = readFileSync(path.join(root, file));
    const result = parseTranscriptFile(bytes, "auto", path.basename(file));
    if (!result.ok) throw new Error(result.errors.join("; "));
    const walk = WALKERS[result.format];
    if (walk === null) return;
    expect(walk, `a walker for ${result.format}`).toBeDefined();
    const byItem = new Map<string, ImportItem>();
    for (const item of result.items) byItem.set(item.transcript.externalId ?? item.where, item);
    for (const item of result.items) byItem.set(item.where, item);
    const structural: string[] = [];
    const leaves = walk!(bytes.toString("utf8"), structural);
    expect(structural, "fields outside the named OTLP structure").toEqual([]);
    const imported = new Set(result.items.map((i) => i.transcript.externalId));
    const unnamed = new Set<string>();
    for (const leaf of leaves) {
      if (leaf.read) continue;
      const item = leaf.item === null ? undefined : (byItem.get(leaf.item) ?? byItem.get(`trace ${leaf.item}`));
      // A trace that became no transcript is in the report's skipped list, with why.
      if (!item && leaf.item !== null && !imported.has(leaf.item)) continue;
      if (!item || !named(new Set(item.unmapped ?? []), leaf.name)) unnamed.add(leaf.name);
    }
    expect([...unnamed].sort()).toEqual([]);
  });
});
