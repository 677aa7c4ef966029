import type { Contribution } from "../../chat/conversation";
import { jsonish, type ReadMessage, type Role } from "../../chat/messages";
import type { LogRecord, SpanRecord } from "../otlp";
import { defineShape, hasKey, message, messages, READS, ShapeError, text, toolRun } from "./reader";

/**
 * OpenTelemetry's GenAI semantic conventions, in every form they have had:
 *  - span attributes gen_ai.system_instructions / gen_ai.input.messages / gen_ai.output.messages
 *    (JSON text or structured; Python's instrumentations write them with
 *    OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental and content capture SPAN_ONLY);
 *  - log records: gen_ai.client.inference.operation.details (the same three attributes, structured),
 *    and the older one-event-per-message gen_ai.system.message / user / assistant / tool and
 *    gen_ai.choice (bodies {content, tool_calls, id}; JS @opentelemetry/instrumentation-openai);
 *  - older span events gen_ai.content.prompt / gen_ai.content.completion (gen_ai.prompt /
 *    gen_ai.completion attributes);
 *  - execute_tool spans: gen_ai.tool.name, gen_ai.tool.call.id, .arguments, .result, status ERROR.
 */
const MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "responses"]);
const MESSAGE_EVENTS: Record<string, Role> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

/** gen_ai.client.inference.operation.details, as a log record or a span event. */
function fromDetails(attrs: Map<string, unknown>): { inputs: ReadMessage[]; outputs: ReadMessage[] } {
  const inputs: ReadMessage[] = [];
  const outputs: ReadMessage[] = [];
  if (attrs.has("gen_ai.system_instructions"))
    inputs.push(...messages(attrs.get("gen_ai.system_instructions"), "gen_ai.system_instructions", "system"));
  if (attrs.has("gen_ai.input.messages")) inputs.push(...messages(attrs.get("gen_ai.input.messages"), "gen_ai.input.messages", "user"));
  if (attrs.has("gen_ai.output.messages"))
    outputs.push(...messages(attrs.get("gen_ai.output.messages"), "gen_ai.output.messages", "assistant"));
  return { inputs, outputs };
}

/**
 * A gen_ai.choice body: {index, finish_reason, message} where message is an object or, as Semantic
 * Kernel writes it on a span event, JSON text; older bodies are the message itself.
 */
function choiceBody(body: Record<string, unknown>): unknown {
  if (body.message === undefined) return body;
  return jsonish(body.message);
}

/**
 * The deprecated gen_ai.completion: messages, plain text, or a completion object {text, finish_reason}
 * (OpenInference's converter writes that one): its text is the assistant's answer.
 */
export function completion(value: unknown): unknown {
  const parsed = jsonish(value);
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    if (typeof o.text === "string" && o.role === undefined && o.content === undefined && o.parts === undefined)
      return { role: "assistant", content: o.text };
  }
  return value;
}

function fromLogs(logs: LogRecord[]): { inputs: ReadMessage[]; outputs: ReadMessage[] } {
  const inputs: ReadMessage[] = [];
  const outputs: ReadMessage[] = [];
  for (const [i, log] of [...logs].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.order - b.order)).entries()) {
    const name = log.eventName ?? "";
    const at = `log record ${i + 1} (${name || "no event name"})`;
    if (name === "gen_ai.client.inference.operation.details") {
      const details = fromDetails(log.attributes);
      inputs.push(...details.inputs);
      outputs.push(...details.outputs);
    } else if (MESSAGE_EVENTS[name]) {
      inputs.push(message(log.body ?? {}, at, MESSAGE_EVENTS[name]!));
    } else if (name === "gen_ai.choice") {
      const body = log.body && typeof log.body === "object" ? (log.body as Record<string, unknown>) : {};
      outputs.push(message(choiceBody(body), at, "assistant"));
    }
  }
  return { inputs, outputs };
}

export function readGenAi(span: SpanRecord): Contribution[] {
  const attrs = span.attributes;
  const op = text(attrs.get("gen_ai.operation.name")) ?? null;
  if (op === "execute_tool" || (op === null && attrs.has("gen_ai.tool.name") && !attrs.has("gen_ai.input.messages"))) {
    const name = text(attrs.get("gen_ai.tool.name"));
    if (!name) throw new ShapeError("attribute gen_ai.tool.name: an execute_tool span needs the tool's name");
    const id = text(attrs.get("gen_ai.tool.call.id"));
    return [toolRun(span, name, id, attrs.get("gen_ai.tool.call.arguments"), attrs.get("gen_ai.tool.call.result"))];
  }
  const inputs: ReadMessage[] = [];
  const outputs: ReadMessage[] = [];
  if (attrs.has("gen_ai.system_instructions"))
    inputs.push(...messages(attrs.get("gen_ai.system_instructions"), "gen_ai.system_instructions", "system"));
  if (attrs.has("gen_ai.input.messages")) inputs.push(...messages(attrs.get("gen_ai.input.messages"), "gen_ai.input.messages", "user"));
  if (attrs.has("gen_ai.prompt")) inputs.push(...messages(attrs.get("gen_ai.prompt"), "gen_ai.prompt", "user"));
  if (attrs.has("gen_ai.output.messages"))
    outputs.push(...messages(attrs.get("gen_ai.output.messages"), "gen_ai.output.messages", "assistant"));
  if (attrs.has("gen_ai.completion"))
    outputs.push(...messages(completion(attrs.get("gen_ai.completion")), "gen_ai.completion", "assistant"));
  for (const event of span.events) {
    const e = event.attributes;
    if (event.name === "gen_ai.content.prompt" && e.has("gen_ai.prompt"))
      inputs.push(...messages(e.get("gen_ai.prompt"), "gen_ai.prompt", "user"));
    else if (event.name === "gen_ai.content.completion" && e.has("gen_ai.completion"))
      outputs.push(...messages(completion(e.get("gen_ai.completion")), "gen_ai.completion", "assistant"));
    else if (MESSAGE_EVENTS[event.name]) inputs.push(message(Object.fromEntries(e), `event ${event.name}`, MESSAGE_EVENTS[event.name]!));
    else if (event.name === "gen_ai.choice") outputs.push(message(choiceBody(Object.fromEntries(e)), "event gen_ai.choice", "assistant"));
    else if (event.name === "gen_ai.client.inference.operation.details") {
      // The same three attributes as the log record of that name, carried as a span event.
      const details = fromDetails(e);
      inputs.push(...details.inputs);
      outputs.push(...details.outputs);
    }
  }
  // With content capture SPAN_AND_EVENT the same messages are on the span and in a log record: the
  // span's win, and a log's input message counts only when the span does not already hold it.
  if (span.logs.length) {
    const logged = fromLogs(span.logs);
    const held = new Set(inputs.map((m) => m.key));
    inputs.push(...logged.inputs.filter((m) => !held.has(m.key)));
    if (!outputs.length) outputs.push(...logged.outputs);
  }
  if (!inputs.length && !outputs.length) return [];
  return [{ kind: "model", inputs, outputs, outputsRepeat: op !== null && !MODEL_OPERATIONS.has(op) }];
}

/** A message's own fields, in an event's attributes or a log record's body. */
const MESSAGE_FIELD = /^(body\.)?(role|content|parts|tool_calls|id|tool_call_id|name)$/;

/**
 * The event and log record fields readGenAi turns into messages. A choice's index and finish_reason,
 * the provider's name and the like are not message fields: they are kept.
 */
export function readsGenAiEvent(event: string, key: string): boolean {
  if (key === "event.name") return true;
  if (event === "gen_ai.content.prompt") return key === "gen_ai.prompt";
  if (event === "gen_ai.content.completion") return key === "gen_ai.completion";
  if (event === "gen_ai.client.inference.operation.details")
    return ["gen_ai.system_instructions", "gen_ai.input.messages", "gen_ai.output.messages"].includes(key);
  if (event === "gen_ai.choice") return key === "message" || key === "body.message" || MESSAGE_FIELD.test(key);
  return event in MESSAGE_EVENTS && (MESSAGE_FIELD.test(key) || key === "body");
}

export const genai = defineShape({
  label: "OpenTelemetry GenAI",
  reads: (key) => READS.genai.test(key),
  readsEvent: readsGenAiEvent,
  claims: (span) =>
    hasKey(span, (k) => k.startsWith("gen_ai.")) ||
    span.events.some((e) => e.name.startsWith("gen_ai.")) ||
    span.logs.some((l) => (l.eventName ?? "").startsWith("gen_ai.")),
  read: readGenAi,
});
