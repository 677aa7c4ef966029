import type { Contribution } from "../../chat/conversation";
import { jsonish, unflatten, type ReadMessage, type Role } from "../../chat/messages";
import type { SpanRecord } from "../otlp";
import { defineShape, hasKey, message, messages, READS, text, toolRun } from "./reader";

/**
 * OpenInference (Arize Phoenix; spec/semantic_conventions.md, spec/tool_calling.md):
 *  - LLM spans: llm.input_messages.N.message.{role, content, contents.M.message_content.{type,text},
 *    tool_calls.M.tool_call.{id, function.name, function.arguments}, tool_call_id, name} and
 *    llm.output_messages.N.message.*;
 *  - TOOL spans: tool.name, tool.id (the call id), input.value (arguments), output.value (result);
 *  - AGENT spans (and a root CHAIN): input.value / output.value as text are the user's request and
 *    the final answer.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** One unflattened OpenInference message as an OpenAI-style one. */
function asMessage(row: Obj): Obj {
  const m = isObj(row.message) ? row.message : row;
  const contents = Array.isArray(m.contents)
    ? m.contents.map((c) => (isObj(c) && isObj(c.message_content) ? c.message_content : c))
    : undefined;
  const calls = Array.isArray(m.tool_calls)
    ? m.tool_calls.map((c) => {
        const call = isObj(c) && isObj(c.tool_call) ? c.tool_call : (c as Obj);
        const fn = isObj(call.function) ? call.function : {};
        return { id: call.id, function: { name: fn.name, arguments: fn.arguments } };
      })
    : undefined;
  return {
    role: m.role,
    ...(m.content !== undefined ? { content: m.content } : contents ? { content: contents } : {}),
    ...(calls ? { tool_calls: calls } : {}),
    ...(m.tool_call_id !== undefined ? { tool_call_id: m.tool_call_id } : {}),
    ...(m.name !== undefined ? { name: m.name } : {}),
  };
}

function list(span: SpanRecord, prefix: string, role: Role): ReadMessage[] {
  return (unflatten(span.attributes, prefix) ?? []).map((row, i) => message(asMessage(row), `attribute ${prefix}.${i}`, role));
}

/**
 * input.value / output.value of an LLM span: a list of messages, a request {messages: [...]}, a
 * chat completion {choices: [{message}]}, a completion {text}, or plain text. Any other JSON is not
 * read (it stays on the span).
 */
function fromValue(value: unknown, attribute: string, role: Role): ReadMessage[] {
  if (value === undefined || value === null || value === "") return [];
  const parsed = jsonish(value);
  if (typeof parsed === "string") return [message({ role, content: parsed }, `attribute ${attribute}`, role)];
  if (Array.isArray(parsed)) return messages(parsed, attribute, role);
  if (!isObj(parsed)) return [];
  if (Array.isArray(parsed.messages)) return messages(parsed.messages, `${attribute}.messages`, role);
  const choice = Array.isArray(parsed.choices) && isObj(parsed.choices[0]) ? parsed.choices[0] : null;
  if (choice && isObj(choice.message)) return [message(choice.message, `attribute ${attribute}.choices[0].message`, role)];
  if (typeof parsed.text === "string") return [message({ role, content: parsed.text }, `attribute ${attribute}.text`, role)];
  if ("role" in parsed) return [message(parsed, `attribute ${attribute}`, role)];
  return [];
}

const plainText = (span: SpanRecord, key: string) => {
  const value = text(span.attributes.get(key));
  const mime = text(span.attributes.get(`${key.split(".")[0]}.mime_type`));
  return value && (mime === "text/plain" || (!mime && !/^\s*[[{]/.test(value))) ? value : undefined;
};

/**
 * Whether input.value / output.value (and its mime type) became part of the conversation on this
 * span: a tool's arguments and result, an LLM span's messages when the flattened lists are absent,
 * an agent's plain-text request and answer. Otherwise it is the raw request or response (model
 * settings, tool definitions) and is kept as metadata.
 */
function readsValue(key: string, span: SpanRecord): boolean {
  const match = /^(input|output)\.(value|mime_type)$/.exec(key);
  if (!match) return false;
  const value = `${match[1]}.value`;
  const kind = String(span.attributes.get("openinference.span.kind") ?? "LLM").toUpperCase();
  if (kind === "TOOL") return true;
  if (kind === "LLM")
    return (
      !hasKey(span, (k) => k.startsWith(match[1] === "input" ? "llm.input_messages." : "llm.output_messages.")) &&
      fromValue(span.attributes.get(value), value, match[1] === "input" ? "user" : "assistant").length > 0
    );
  if (kind === "AGENT" || (kind === "CHAIN" && !span.parentSpanId)) return plainText(span, value) !== undefined;
  return false;
}

export const openinference = defineShape({
  label: "OpenInference",
  reads: (key, span) => READS.openinference.test(key) || readsValue(key, span),
  claims: (span) =>
    span.attributes.has("openinference.span.kind") ||
    hasKey(span, (k) => k.startsWith("llm.input_messages.") || k.startsWith("llm.output_messages.")),
  read(span): Contribution[] {
    const attrs = span.attributes;
    const kind = String(attrs.get("openinference.span.kind") ?? "LLM").toUpperCase();
    if (kind === "TOOL") {
      const name = text(attrs.get("tool.name")) ?? span.name;
      const id = text(attrs.get("tool.id")) ?? text(attrs.get("tool_call.id"));
      return [toolRun(span, name, id, attrs.get("input.value"), attrs.get("output.value"))];
    }
    if (kind === "LLM") {
      let inputs = list(span, "llm.input_messages", "user");
      let outputs = list(span, "llm.output_messages", "assistant");
      // Some instrumentations (and OpenInference's own GenAI converter) leave the messages only in
      // input.value / output.value.
      if (!inputs.length) inputs = fromValue(attrs.get("input.value"), "input.value", "user");
      if (!outputs.length) outputs = fromValue(attrs.get("output.value"), "output.value", "assistant");
      return inputs.length || outputs.length ? [{ kind: "model", inputs, outputs }] : [];
    }
    if (kind === "AGENT" || (kind === "CHAIN" && !span.parentSpanId)) {
      const input = plainText(span, "input.value");
      const output = plainText(span, "output.value");
      const inputs = input ? [message({ role: "user", content: input }, "attribute input.value", "user")] : [];
      const outputs = output ? [message({ role: "assistant", content: output }, "attribute output.value", "assistant")] : [];
      return inputs.length || outputs.length ? [{ kind: "model", inputs, outputs, outputsRepeat: true }] : [];
    }
    return [];
  },
});
