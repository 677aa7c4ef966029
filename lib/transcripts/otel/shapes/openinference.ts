import type { Contribution } from "../../chat/conversation";
import { jsonish, unflatten, type ReadMessage, type Role } from "../../chat/messages";
import type { SpanRecord } from "../otlp";
import { defineShape, hasKey, message, text, toolError } from "./reader";

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

const plainText = (span: SpanRecord, key: string) => {
  const value = text(span.attributes.get(key));
  const mime = text(span.attributes.get(`${key.split(".")[0]}.mime_type`));
  return value && (mime === "text/plain" || (!mime && !/^\s*[[{]/.test(value))) ? value : undefined;
};

export const openinference = defineShape({
  label: "OpenInference",
  claims: (span) =>
    span.attributes.has("openinference.span.kind") ||
    hasKey(span, (k) => k.startsWith("llm.input_messages.") || k.startsWith("llm.output_messages.")),
  read(span): Contribution[] {
    const attrs = span.attributes;
    const kind = String(attrs.get("openinference.span.kind") ?? "LLM").toUpperCase();
    if (kind === "TOOL") {
      const name = text(attrs.get("tool.name")) ?? span.name;
      const id = text(attrs.get("tool.id")) ?? text(attrs.get("tool_call.id"));
      const error = toolError(span);
      return [
        {
          kind: "tool",
          ...(id ? { id } : {}),
          name,
          ...(attrs.has("input.value") ? { arguments: jsonish(attrs.get("input.value")) } : {}),
          ...(attrs.has("output.value") ? { result: jsonish(attrs.get("output.value")) } : {}),
          ...(error ? { error } : {}),
        },
      ];
    }
    if (kind === "LLM") {
      const inputs = list(span, "llm.input_messages", "user");
      const outputs = list(span, "llm.output_messages", "assistant");
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
