import type { Contribution } from "../../chat/conversation";
import { readMessage, readMessageList, type ReadMessage, type Role } from "../../chat/messages";
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
  /** The attributes this shape turns into messages and tool calls; the rest is kept as metadata. */
  reads(key: string): boolean;
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

export function hasKey(span: SpanRecord, test: (key: string) => boolean): boolean {
  for (const key of span.attributes.keys()) if (test(key)) return true;
  return false;
}

/** Attribute names each instrumentation carries messages and tool calls in (what `reads` tests). */
export const READS = {
  genai:
    /^gen_ai\.(operation\.name|input\.messages|output\.messages|system_instructions|prompt|completion|tool\.name|tool\.call\.(id|arguments|result))$/,
  openllmetry: /^((gen_ai\.(prompt|completion)|llm\.(prompts|completions))\.\d+\.|traceloop\.(span\.kind|entity\.(name|input|output))$)/,
  openinference:
    /^(openinference\.span\.kind|llm\.(input|output)_messages\.\d+\..*|(input|output)\.(value|mime_type)|tool\.(name|id)|tool_call\.id)$/,
  vercel: /^ai\.(operationId|prompt|prompt\.messages|response\.(text|object|toolCalls)|toolCall\.(name|id|args|input|result|output))$/,
  logfire: /^(all_messages_events|pydantic_ai\.all_messages|final_result|events|tool_arguments|tool_response)$/,
};
