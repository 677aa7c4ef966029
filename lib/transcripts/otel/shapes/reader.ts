import type { Contribution, ToolRun } from "../../chat/conversation";
import { jsonish, readMessage, readMessageList, type ReadMessage, type Role } from "../../chat/messages";
import type { SpanRecord } from "../otlp";

/**
 * One instrumentation's span shape. `claims` says whether a span is this shape's (the first reader
 * that claims a span reads it, even when it carries nothing a reviewer labels); `read` turns it into
 * model calls and tool runs, or throws ShapeError naming the attribute at fault.
 */
export interface ShapeReader {
  /** For people: "OpenLLMetry", "Vercel AI SDK", ... */
  label: string;
  claims(span: SpanRecord): boolean;
  read(span: SpanRecord): Contribution[];
  /**
   * The span attributes this shape turns into messages and tool calls, for this span (a value the
   * reader only falls back on is read only when it did); the rest is kept as metadata.
   */
  reads(key: string, span: SpanRecord): boolean;
  /**
   * The attributes (and `body.K` fields of a log record's body) of a span event or log record of
   * this name that the shape reads; the rest is kept as metadata. None when absent.
   */
  readsEvent?(event: string, key: string): boolean;
}

export class ShapeError extends Error {}

export const defineShape = (reader: ShapeReader) => reader;

/** A list of messages from an attribute (JSON text or a structured value). */
export function messages(value: unknown, attribute: string, role: Role): ReadMessage[] {
  const read = readMessageList(value, attribute, role);
  if (typeof read === "string") throw new ShapeError(read);
  return read;
}

/** One message object, its problems named after `where`. */
export function message(raw: unknown, where: string, role: Role): ReadMessage {
  const read = readMessage(raw, role);
  if (typeof read === "string") throw new ShapeError(`${where}: ${read}`);
  return read;
}

export const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** A tool span's error: its status message, else error.type, else a generic one. */
export function toolError(span: SpanRecord): string | undefined {
  if (!span.status.error) return undefined;
  return span.status.message || text(span.attributes.get("error.type")) || "the tool failed";
}

/**
 * One tool run as every shape reports it. `args` and `result` are the raw attribute values (undefined
 * when the span did not carry them): JSON text is read as JSON, and an absent one stays absent rather
 * than becoming null, so a tool that took no arguments is not shown as called with null.
 */
export function toolRun(span: SpanRecord, name: string, id: string | undefined, args: unknown, result: unknown): ToolRun {
  const error = toolError(span);
  return {
    kind: "tool",
    ...(id ? { id } : {}),
    name,
    ...(args !== undefined ? { arguments: jsonish(args) } : {}),
    ...(result !== undefined ? { result: jsonish(result) } : {}),
    ...(error ? { error } : {}),
  };
}

export function hasKey(span: SpanRecord, test: (key: string) => boolean): boolean {
  for (const key of span.attributes.keys()) if (test(key)) return true;
  return false;
}

/**
 * Attribute names each instrumentation carries messages and tool calls in (what `reads` tests). A
 * flattened message is read field by field: gen_ai.completion.0.finish_reason is not a message field,
 * so it is kept, not swallowed by its prefix.
 */
export const READS = {
  genai:
    /^gen_ai\.(operation\.name|input\.messages|output\.messages|system_instructions|prompt|completion|tool\.name|tool\.call\.(id|arguments|result))$/,
  openllmetry:
    /^((gen_ai\.(prompt|completion)|llm\.(prompts|completions))\.\d+\.(role|content|tool_call_id|tool_calls\.\d+\.(id|name|arguments)|function_call\.(name|arguments))|traceloop\.(span\.kind|entity\.(name|input|output)))$/,
  openinference:
    /^(openinference\.span\.kind|llm\.(input|output)_messages\.\d+\.message\.(role|content|name|tool_call_id|contents\.\d+\.message_content\.(type|text|image\.image\.url)|tool_calls\.\d+\.tool_call\.(id|function\.(name|arguments)))|tool\.(name|id)|tool_call\.id)$/,
  vercel: /^ai\.(operationId|prompt|prompt\.messages|response\.(text|object|toolCalls)|toolCall\.(name|id|args|input|result|output))$/,
  logfire: /^(all_messages_events|pydantic_ai\.all_messages|final_result|events|tool_arguments|tool_response)$/,
};
