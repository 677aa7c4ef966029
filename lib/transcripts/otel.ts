import { z } from "zod";
import { canonicalJson } from "../hash";
import { newTranscriptSchema } from "../schemas/transcripts";
import { issueText, zodIssueTexts, type ImportItem, type ParseResult } from "./types";

/**
 * OpenTelemetry GenAI spans exported as OTLP JSON (an ExportTraceServiceRequest, or one per line as
 * the collector's file exporter writes them) → one transcript per trace. Pure.
 *
 * Semantic conventions read (docs/transcripts.md has the table):
 *  - gen_ai.operation.name: chat / text_completion / generate_content (a model call), execute_tool
 *    (a tool run), invoke_agent (the agent as a whole);
 *  - gen_ai.system_instructions, gen_ai.input.messages, gen_ai.output.messages: JSON strings of
 *    messages made of parts ({type: text|tool_call|tool_call_response, ...});
 *  - older instrumentations: span events gen_ai.content.prompt / gen_ai.content.completion with a
 *    gen_ai.prompt / gen_ai.completion attribute, or flattened gen_ai.prompt.N.role / .content;
 *  - gen_ai.tool.name, gen_ai.tool.call.id, gen_ai.tool.call.arguments, gen_ai.tool.call.result;
 *    a tool span with status ERROR gives the call its error.
 */

// ─── OTLP JSON ─────────────────────────────────────────────────────────────

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
};
type KeyValue = { key: string; value?: AnyValue };

const anyValue: z.ZodType<AnyValue> = z.lazy(() =>
  z.looseObject({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string().regex(/^-?\d+$/, "intValue must be a whole number"), z.int()]).optional(),
    doubleValue: z.union([z.number(), z.string()]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.looseObject({ values: z.array(anyValue).optional() }).optional(),
    kvlistValue: z.looseObject({ values: z.array(keyValue).optional() }).optional(),
  }),
);
const keyValue: z.ZodType<KeyValue> = z.lazy(() => z.looseObject({ key: z.string({ error: "an attribute needs a key" }), value: anyValue.optional() }));

const nanos = z.union([z.string().regex(/^\d+$/, "must be a whole number of nanoseconds"), z.int().nonnegative()], { error: "must be a whole number of nanoseconds" });

const spanSchema = z.looseObject({
  traceId: z.string({ error: "a span needs a traceId" }).min(1, "a span needs a traceId"),
  spanId: z.string({ error: "a span needs a spanId" }).min(1, "a span needs a spanId"),
  parentSpanId: z.string().optional(),
  name: z.string().default(""),
  startTimeUnixNano: nanos,
  endTimeUnixNano: nanos.optional(),
  attributes: z.array(keyValue).default([]),
  events: z
    .array(z.looseObject({ name: z.string().default(""), timeUnixNano: nanos.optional(), attributes: z.array(keyValue).default([]) }))
    .default([]),
  status: z.looseObject({ code: z.union([z.int(), z.string()]).optional(), message: z.string().optional() }).optional(),
});

const requestSchema = z.looseObject({
  resourceSpans: z.array(
    z.looseObject({
      scopeSpans: z.array(z.looseObject({ spans: z.array(z.unknown()).default([]) })).default([]),
    }),
    { error: "an OTLP trace export has a resourceSpans list" },
  ),
});

type Span = z.output<typeof spanSchema>;

export function anyValueToJs(value: AnyValue | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValueToJs);
  if (value.kvlistValue) return Object.fromEntries((value.kvlistValue.values ?? []).map((kv) => [kv.key, anyValueToJs(kv.value)]));
  return null;
}

const attributeMap = (list: KeyValue[]) => new Map(list.map((kv) => [kv.key, anyValueToJs(kv.value)]));

// ─── GenAI messages ────────────────────────────────────────────────────────

interface Call {
  id?: string;
  name: string;
  arguments?: unknown;
  result?: unknown;
  error?: string;
}
interface Msg {
  role: "system" | "user" | "assistant" | "tool";
  content?: string;
  name?: string;
  toolCalls?: Call[];
}
/** A tool result carried by a message (a tool_call_response part, or an OpenAI-style tool message). */
interface Response {
  id?: string;
  result: unknown;
}
interface ReadMessage {
  message: Msg;
  responses: Response[];
  /** Identity of the message as the model saw it (before results were merged in). */
  key: string;
}

const ROLES = new Set(["system", "user", "assistant", "tool"]);

/** Tool arguments and results arrive as JSON text or as values; keep the value. */
function jsonish(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!/^[[{"]/.test(text)) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const texts = content.map((p) => (typeof p === "string" ? p : p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : typeof (p as { content?: unknown })?.content === "string" ? (p as { content: string }).content : null));
    const kept = texts.filter((t): t is string => t !== null);
    return kept.length ? kept.join("\n") : undefined;
  }
  return undefined;
}

/**
 * One message in any of the shapes instrumentations write: the current parts-based schema
 * ({role, parts: [...]}), or the older OpenAI-like one ({role, content, tool_calls, tool_call_id}).
 */
function readMessage(raw: unknown, defaultRole: Msg["role"]): ReadMessage | string {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return "a message must be an object";
  const m = raw as Record<string, unknown>;
  const role = m.role === undefined ? defaultRole : m.role;
  if (typeof role !== "string" || !ROLES.has(role)) return `role must be system, user, assistant or tool (got ${JSON.stringify(role)})`;
  const texts: string[] = [];
  const calls: Call[] = [];
  const responses: Response[] = [];
  if (Array.isArray(m.parts)) {
    for (const [i, part] of m.parts.entries()) {
      if (!part || typeof part !== "object") return `parts[${i}] must be an object`;
      const p = part as Record<string, unknown>;
      if (p.type === "text" || p.type === "reasoning") {
        if (typeof p.content === "string") texts.push(p.content);
      } else if (p.type === "tool_call") {
        if (typeof p.name !== "string" || !p.name) return `parts[${i}].name: a tool_call part needs a name`;
        calls.push({ ...(typeof p.id === "string" ? { id: p.id } : {}), name: p.name, ...(p.arguments !== undefined && p.arguments !== null ? { arguments: jsonish(p.arguments) } : {}) });
      } else if (p.type === "tool_call_response") {
        responses.push({ ...(typeof p.id === "string" ? { id: p.id } : {}), result: jsonish(p.response ?? p.result ?? null) });
      }
    }
  } else {
    const text = textOf(m.content);
    if (text !== undefined) texts.push(text);
    if (Array.isArray(m.tool_calls)) {
      for (const [i, tc] of m.tool_calls.entries()) {
        const t = (tc ?? {}) as { id?: unknown; name?: unknown; arguments?: unknown; function?: { name?: unknown; arguments?: unknown } };
        const name = t.function?.name ?? t.name;
        if (typeof name !== "string" || !name) return `tool_calls[${i}]: a tool call needs a name`;
        const args = t.function?.arguments ?? t.arguments;
        calls.push({ ...(typeof t.id === "string" ? { id: t.id } : {}), name, ...(args !== undefined && args !== null ? { arguments: jsonish(args) } : {}) });
      }
    }
    if (role === "tool" && typeof m.tool_call_id === "string") {
      responses.push({ id: m.tool_call_id, result: jsonish(texts.pop() ?? null) });
    }
  }
  const message: Msg = { role: role as Msg["role"] };
  if (texts.length) message.content = texts.join("\n");
  if (typeof m.name === "string") message.name = m.name;
  if (calls.length) message.toolCalls = calls;
  const key = canonicalJson({ role, content: message.content ?? null, calls: calls.map((c) => [c.id ?? null, c.name, c.arguments ?? null]), responses: responses.map((r) => r.id ?? null) });
  return { message, responses, key };
}

/** A JSON-string attribute holding a list of messages; errors are "attribute X: ...". */
function readMessageList(value: unknown, attribute: string, defaultRole: Msg["role"]): ReadMessage[] | string {
  let list = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch (error) {
      return `attribute ${attribute}: not valid JSON (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  // gen_ai.system_instructions is a list of parts, not of messages.
  if (attribute === "gen_ai.system_instructions" && Array.isArray(list) && list.every((p) => p && typeof p === "object" && "type" in p)) list = [{ role: "system", parts: list }];
  if (typeof list === "string") list = [{ role: defaultRole, content: list }];
  if (!Array.isArray(list)) return `attribute ${attribute}: expected a JSON list of messages`;
  const out: ReadMessage[] = [];
  for (const [i, raw] of list.entries()) {
    const read = readMessage(raw, defaultRole);
    if (typeof read === "string") return `attribute ${attribute}: [${i}]: ${read}`;
    out.push(read);
  }
  return out;
}

/** OpenLLMetry's flattened form: gen_ai.prompt.0.role, gen_ai.prompt.0.content, ... */
function flattened(attrs: Map<string, unknown>, prefix: string): unknown[] | null {
  const rows = new Map<number, Record<string, unknown>>();
  for (const [key, value] of attrs) {
    const match = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)\\.(role|content)$`).exec(key);
    if (!match) continue;
    const row = rows.get(Number(match[1])) ?? {};
    row[match[2]!] = value;
    rows.set(Number(match[1]), row);
  }
  if (rows.size === 0) return null;
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

// ─── Traces → transcripts ──────────────────────────────────────────────────

const MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content"]);

interface Conversation {
  messages: Msg[];
  seen: Map<string, number>;
  calls: Map<string, Call>;
}

function callsInOrder(c: Conversation): Call[] {
  return c.messages.flatMap((m) => m.toolCalls ?? []);
}

/** Merges a tool result into the call it answers; false when no call matches. */
function attachResponse(c: Conversation, response: Response): boolean {
  const call = response.id ? c.calls.get(response.id) : undefined;
  if (!call) return false;
  if (call.result === undefined) call.result = response.result;
  return true;
}

/**
 * Adds messages the conversation does not hold yet. A model call's input repeats the history, so
 * a message is new only when this list holds it more often than the conversation has seen it.
 */
function addMessages(c: Conversation, list: ReadMessage[], always: boolean) {
  const counts = new Map<string, number>();
  for (const read of list) {
    const n = (counts.get(read.key) ?? 0) + 1;
    counts.set(read.key, n);
    if (!always && (c.seen.get(read.key) ?? 0) >= n) continue;
    c.seen.set(read.key, (c.seen.get(read.key) ?? 0) + 1);
    const leftover = read.responses.filter((r) => !attachResponse(c, r));
    const absorbed = read.responses.length > 0 && leftover.length === 0 && !read.message.content && !read.message.toolCalls;
    if (absorbed) continue;
    const message: Msg = { ...read.message };
    if (!message.content && leftover.length) message.content = leftover.map((r) => (typeof r.result === "string" ? r.result : JSON.stringify(r.result))).join("\n");
    for (const call of message.toolCalls ?? []) if (call.id) c.calls.set(call.id, call);
    // System instructions belong before the conversation, wherever a span reported them.
    if (message.role === "system") {
      const at = c.messages.findIndex((m) => m.role !== "system");
      c.messages.splice(at === -1 ? c.messages.length : at, 0, message);
    } else {
      c.messages.push(message);
    }
  }
}

interface Located {
  span: Span;
  where: string;
  order: number;
}

function spanLabel(span: Span) {
  return `trace ${span.traceId} span ${span.spanId}${span.name ? ` (${span.name})` : ""}`;
}

function statusIsError(span: Span): boolean {
  const code = span.status?.code;
  return code === 2 || code === "STATUS_CODE_ERROR";
}

function traceToItem(traceId: string, spans: Located[], errors: string[]): ImportItem | null {
  const c: Conversation = { messages: [], seen: new Map(), calls: new Map() };
  const before = errors.length;
  // Inputs at a span's start, outputs and tool results at its end: an agent span's output lands after its children's work.
  type Step = { at: bigint; order: number; phase: 0 | 1; run: () => void };
  const steps: Step[] = [];
  for (const located of spans) {
    const { span } = located;
    const attrs = attributeMap(span.attributes);
    const where = spanLabel(span);
    const op = typeof attrs.get("gen_ai.operation.name") === "string" ? (attrs.get("gen_ai.operation.name") as string) : null;
    const start = BigInt(span.startTimeUnixNano);
    const end = span.endTimeUnixNano !== undefined ? BigInt(span.endTimeUnixNano) : start;
    const read = (attribute: string, value: unknown, role: Msg["role"]): ReadMessage[] => {
      const list = readMessageList(value, attribute, role);
      if (typeof list === "string") {
        errors.push(`${where}: ${list}`);
        return [];
      }
      return list;
    };

    const inputs: ReadMessage[] = [];
    const outputs: ReadMessage[] = [];
    if (attrs.has("gen_ai.system_instructions")) inputs.push(...read("gen_ai.system_instructions", attrs.get("gen_ai.system_instructions"), "system"));
    if (attrs.has("gen_ai.input.messages")) inputs.push(...read("gen_ai.input.messages", attrs.get("gen_ai.input.messages"), "user"));
    if (attrs.has("gen_ai.output.messages")) outputs.push(...read("gen_ai.output.messages", attrs.get("gen_ai.output.messages"), "assistant"));
    for (const event of span.events) {
      const eventAttrs = attributeMap(event.attributes);
      if (event.name === "gen_ai.content.prompt" && eventAttrs.has("gen_ai.prompt")) inputs.push(...read("gen_ai.prompt", eventAttrs.get("gen_ai.prompt"), "user"));
      if (event.name === "gen_ai.content.completion" && eventAttrs.has("gen_ai.completion")) outputs.push(...read("gen_ai.completion", eventAttrs.get("gen_ai.completion"), "assistant"));
    }
    const flatPrompt = flattened(attrs, "gen_ai.prompt");
    if (flatPrompt) inputs.push(...read("gen_ai.prompt.N", flatPrompt, "user"));
    const flatCompletion = flattened(attrs, "gen_ai.completion");
    if (flatCompletion) outputs.push(...read("gen_ai.completion.N", flatCompletion, "assistant"));

    // A model call's output is always new; an agent span's output repeats its last model call's.
    const outputsAlwaysNew = op === null || MODEL_OPERATIONS.has(op);
    if (inputs.length) steps.push({ at: start, order: located.order, phase: 0, run: () => addMessages(c, inputs, false) });
    if (outputs.length) steps.push({ at: end, order: located.order, phase: 1, run: () => addMessages(c, outputs, outputsAlwaysNew) });

    if (op === "execute_tool") {
      const name = attrs.get("gen_ai.tool.name");
      if (typeof name !== "string" || !name) {
        errors.push(`${where}: attribute gen_ai.tool.name: an execute_tool span needs the tool's name`);
        continue;
      }
      const id = attrs.get("gen_ai.tool.call.id");
      const args = attrs.has("gen_ai.tool.call.arguments") ? jsonish(attrs.get("gen_ai.tool.call.arguments")) : undefined;
      const result = attrs.has("gen_ai.tool.call.result") ? jsonish(attrs.get("gen_ai.tool.call.result")) : undefined;
      const failed = statusIsError(span);
      const error = failed ? span.status?.message || (typeof attrs.get("error.type") === "string" ? (attrs.get("error.type") as string) : "the tool failed") : undefined;
      steps.push({
        at: start,
        order: located.order,
        phase: 0,
        run: () => {
          // The model asked for this call (same id, or the first unanswered call of that name): complete it.
          const known =
            (typeof id === "string" ? c.calls.get(id) : undefined) ??
            callsInOrder(c).find((call) => call.name === name && (call.id === undefined || call.id === id) && call.result === undefined && call.error === undefined);
          const call: Call = known ?? { ...(typeof id === "string" ? { id } : {}), name };
          if (args !== undefined && call.arguments === undefined) call.arguments = args;
          if (result !== undefined) call.result = result;
          if (error !== undefined) call.error = error;
          if (!known) {
            c.messages.push({ role: "assistant", toolCalls: [call] });
            if (typeof id === "string") c.calls.set(id, call);
          }
        },
      });
    }
  }
  if (errors.length > before) return null;
  steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.phase - b.phase || a.order - b.order));
  for (const step of steps) step.run();

  const root = spans.find((s) => !s.span.parentSpanId) ?? spans[0]!;
  const rootWhere = `trace ${traceId}`;
  const firstUser = c.messages.find((m) => m.role === "user" && m.content);
  if (!firstUser) {
    errors.push(
      `${rootWhere} (root span ${root.span.spanId}): no user message in gen_ai.input.messages (or gen_ai.prompt) to use as the task prompt; is message content capture on?`,
    );
    return null;
  }
  const lastAssistant = [...c.messages].reverse().find((m) => m.role === "assistant" && m.content);
  const parsed = newTranscriptSchema.safeParse({
    source: "otel",
    externalId: traceId,
    kind: "binary",
    taskPrompt: firstUser.content!,
    ...(lastAssistant ? { finalOutput: lastAssistant.content } : {}),
    content: { messages: c.messages.map((m) => ({ ...m, ...(m.toolCalls ? { toolCalls: m.toolCalls.map((call) => ({ ...call })) } : {}) })) },
  });
  if (!parsed.success) {
    errors.push(...zodIssueTexts(rootWhere, parsed.error));
    return null;
  }
  return { where: rootWhere, transcript: parsed.data, verdicts: [] };
}

/** Line and column of a JSON.parse failure, from its "position N". */
function locate(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return message;
  const upTo = text.slice(0, Number(position[1]));
  const line = upTo.split("\n").length;
  return `line ${line} column ${upTo.length - upTo.lastIndexOf("\n")}: ${message}`;
}

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
  try {
    return { docs: [{ where: "", value: JSON.parse(text) }] };
  } catch (whole) {
    const lines = text.split(/\r?\n/);
    const first = lines.find((l) => l.trim());
    // One request per line only when the first line is a whole JSON document by itself.
    if (!first || first === text.trim() || !parses(first)) return { error: `not valid JSON (${locate(text, whole)})` };
    const docs: { where: string; value: unknown }[] = [];
    for (const [i, line] of lines.entries()) {
      if (!line.trim()) continue;
      try {
        docs.push({ where: `line ${i + 1}: `, value: JSON.parse(line) });
      } catch (error) {
        return { error: `line ${i + 1}: not valid JSON (${error instanceof Error ? error.message : String(error)})` };
      }
    }
    return { docs };
  }
}

export function parseOtlp(input: string): ParseResult {
  const read = readRequests(input);
  if ("error" in read) return { ok: false, errors: [read.error] };
  const errors: string[] = [];
  const byTrace = new Map<string, Located[]>();
  let order = 0;
  for (const doc of read.docs) {
    const request = requestSchema.safeParse(doc.value);
    if (!request.success) {
      errors.push(...zodIssueTexts(doc.where ? doc.where.replace(/: $/, "") : "the file", request.error));
      continue;
    }
    request.data.resourceSpans.forEach((rs, r) =>
      rs.scopeSpans.forEach((ss, s) =>
        ss.spans.forEach((raw, k) => {
          const path = `${doc.where}resourceSpans[${r}].scopeSpans[${s}].spans[${k}]`;
          const parsed = spanSchema.safeParse(raw);
          if (!parsed.success) {
            const ids = raw && typeof raw === "object" ? (raw as { traceId?: unknown; spanId?: unknown }) : {};
            const label = typeof ids.traceId === "string" && typeof ids.spanId === "string" ? ` (trace ${ids.traceId} span ${ids.spanId})` : "";
            errors.push(...zodIssueTexts(`${path}${label}`, parsed.error));
            return;
          }
          const list = byTrace.get(parsed.data.traceId) ?? [];
          list.push({ span: parsed.data, where: path, order: order++ });
          byTrace.set(parsed.data.traceId, list);
        }),
      ),
    );
  }
  if (errors.length) return { ok: false, errors };
  const items: ImportItem[] = [];
  for (const [traceId, spans] of byTrace) {
    const item = traceToItem(traceId, spans, errors);
    if (item) items.push(item);
  }
  if (errors.length) return { ok: false, errors };
  if (items.length === 0) return { ok: false, errors: [issueText("OTLP JSON", ["resourceSpans"], "the file holds no spans")] };
  return { ok: true, items };
}
