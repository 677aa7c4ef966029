import type { Contribution } from "../../chat/conversation";
import { jsonish, type ReadMessage } from "../../chat/messages";
import { defineShape, message, messages, READS, ShapeError, text, toolRun } from "./reader";

/**
 * The Vercel AI SDK's telemetry (experimental_telemetry: { isEnabled: true }), ai 4–6:
 *  - ai.generateText / ai.streamText / ai.generateObject / ...: the call as a whole — ai.prompt
 *    ({system, prompt | messages}) and ai.response.text (repeats the last step's answer);
 *  - ai.*.doGenerate / ai.*.doStream: one model call — ai.prompt.messages (content parts text,
 *    tool-call {toolCallId, toolName, input | args}, tool-result {toolCallId, output | result}) and
 *    ai.response.text / ai.response.toolCalls ([{toolCallId, toolName, input | args}]);
 *  - ai.toolCall: one tool run — ai.toolCall.name / .id / .args (or .input) / .result (or .output),
 *    status ERROR when the tool threw.
 */
const operation = (span: { attributes: Map<string, unknown>; name: string }) => text(span.attributes.get("ai.operationId")) ?? span.name;

function responseMessage(attrs: Map<string, unknown>): ReadMessage[] {
  const content =
    text(attrs.get("ai.response.text")) ?? (attrs.has("ai.response.object") ? String(attrs.get("ai.response.object")) : undefined);
  let calls = attrs.get("ai.response.toolCalls");
  if (typeof calls === "string") {
    try {
      calls = JSON.parse(calls);
    } catch (error) {
      throw new ShapeError(`attribute ai.response.toolCalls: not valid JSON (${(error as Error).message})`);
    }
  }
  if (calls !== undefined && !Array.isArray(calls)) throw new ShapeError("attribute ai.response.toolCalls: expected a list of tool calls");
  if (!content && !(calls as unknown[] | undefined)?.length) return [];
  return [
    message(
      { role: "assistant", ...(content ? { content } : {}), ...(calls ? { tool_calls: calls } : {}) },
      "attribute ai.response.toolCalls",
      "assistant",
    ),
  ];
}

/** ai.prompt of the top-level span: {system?, prompt? (text or messages), messages?}. */
function promptMessages(value: unknown): ReadMessage[] {
  const prompt = jsonish(value);
  if (typeof prompt === "string") return messages(prompt, "ai.prompt", "user");
  if (!prompt || typeof prompt !== "object" || Array.isArray(prompt))
    throw new ShapeError("attribute ai.prompt: expected {system, prompt} or {system, messages}");
  const { system, prompt: text, messages: list } = prompt as { system?: unknown; prompt?: unknown; messages?: unknown };
  return [
    ...(typeof system === "string" && system ? [message({ role: "system", content: system }, "attribute ai.prompt.system", "system")] : []),
    ...(text !== undefined && text !== null ? messages(text, "ai.prompt.prompt", "user") : []),
    ...(list !== undefined && list !== null ? messages(list, "ai.prompt.messages", "user") : []),
  ];
}

export const vercel = defineShape({
  label: "Vercel AI SDK",
  reads: (key) => READS.vercel.test(key),
  claims: (span) => span.attributes.has("ai.operationId") || (span.scope === "ai" && span.name.startsWith("ai.")),
  read(span): Contribution[] {
    const attrs = span.attributes;
    const op = operation(span);
    if (op === "ai.toolCall") {
      const name = text(attrs.get("ai.toolCall.name"));
      if (!name) throw new ShapeError("attribute ai.toolCall.name: a tool call span needs the tool's name");
      const id = text(attrs.get("ai.toolCall.id"));
      const args = attrs.get("ai.toolCall.args") ?? attrs.get("ai.toolCall.input");
      const result = attrs.get("ai.toolCall.result") ?? attrs.get("ai.toolCall.output");
      return [toolRun(span, name, id, args, result)];
    }
    if (/\.do(Generate|Stream)$/.test(op)) {
      const inputs = attrs.has("ai.prompt.messages") ? messages(attrs.get("ai.prompt.messages"), "ai.prompt.messages", "user") : [];
      const outputs = responseMessage(attrs);
      return inputs.length || outputs.length ? [{ kind: "model", inputs, outputs }] : [];
    }
    const inputs = attrs.has("ai.prompt") ? promptMessages(attrs.get("ai.prompt")) : [];
    const outputs = responseMessage(attrs);
    return inputs.length || outputs.length ? [{ kind: "model", inputs, outputs, outputsRepeat: true }] : [];
  },
});
