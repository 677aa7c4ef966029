import type { Contribution } from "../../chat/conversation";
import { jsonish, unflatten, type ReadMessage, type Role } from "../../chat/messages";
import type { SpanRecord } from "../otlp";
import { readGenAi, readsGenAiEvent } from "./genai";
import { defineShape, hasKey, message, READS, text, toolError } from "./reader";

/**
 * OpenLLMetry (Traceloop), before it moved to the OTel GenAI attributes (JS ≤ 0.22, Python): model
 * calls as flattened attributes — gen_ai.prompt.N.role / .content / .tool_calls.M.{id,name,arguments}
 * / .tool_call_id and gen_ai.completion.N.* (older still: llm.prompts.N / llm.completions.N) — and
 * its SDK's own spans: traceloop.span.kind = tool (traceloop.entity.name, .input {args, kwargs},
 * .output), workflow / agent / task (the run's output in traceloop.entity.output). JS ≤ 0.22 drops
 * tool call ids and tool_call_id, and writes an assistant message without text as "null": calls and
 * results are then paired by order.
 */
const FLATTENED = /^(gen_ai\.(prompt|completion)|llm\.(prompts|completions))\.\d+\./;
const KINDS = new Set(["tool", "workflow", "agent", "task"]);

function rows(span: SpanRecord, prefixes: string[], role: Role): ReadMessage[] {
  for (const prefix of prefixes) {
    const list = unflatten(span.attributes, prefix);
    if (!list) continue;
    return list.map((row, i) => {
      const raw: Record<string, unknown> = { ...row };
      const rowRole = text(raw.role) ?? role;
      // JS OpenLLMetry stringifies a missing content: "null" (and "" for none) is no text, not the word.
      if (raw.content === "null" || raw.content === "") delete raw.content;
      if (raw.function_call && typeof raw.function_call === "object")
        raw.tool_calls = [...((raw.tool_calls as unknown[]) ?? []), raw.function_call];
      return message({ ...raw, role: rowRole }, `attribute ${prefix}.${i}`, role);
    });
  }
  return [];
}

/** withTool's input: {args: [...], kwargs: {...}} → the tool's arguments. */
function toolArguments(input: unknown): unknown {
  const value = jsonish(input);
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { args, kwargs } = value as { args?: unknown[]; kwargs?: Record<string, unknown> };
  if (kwargs && typeof kwargs === "object" && Object.keys(kwargs).length) return kwargs;
  if (Array.isArray(args)) return args.length === 1 ? args[0] : args;
  return value;
}

export const openllmetry = defineShape({
  label: "OpenLLMetry",
  reads: (key) => READS.openllmetry.test(key) || READS.genai.test(key),
  readsEvent: readsGenAiEvent,
  claims: (span) => hasKey(span, (k) => FLATTENED.test(k)) || KINDS.has(String(span.attributes.get("traceloop.span.kind"))),
  read(span): Contribution[] {
    const attrs = span.attributes;
    const kind = text(attrs.get("traceloop.span.kind"));
    if (kind === "tool") {
      const name = text(attrs.get("traceloop.entity.name")) ?? span.name.replace(/\.tool$/, "");
      const error = toolError(span);
      return [
        {
          kind: "tool",
          name,
          ...(attrs.has("traceloop.entity.input") ? { arguments: toolArguments(attrs.get("traceloop.entity.input")) } : {}),
          ...(attrs.has("traceloop.entity.output") ? { result: jsonish(attrs.get("traceloop.entity.output")) } : {}),
          ...(error ? { error } : {}),
        },
      ];
    }
    const inputs = rows(span, ["gen_ai.prompt", "llm.prompts"], "user");
    const outputs = rows(span, ["gen_ai.completion", "llm.completions"], "assistant");
    if (inputs.length || outputs.length) return [{ kind: "model", inputs, outputs }];
    if (kind) {
      // A workflow's or agent's output repeats its last model call's answer when it is text.
      const output = jsonish(attrs.get("traceloop.entity.output"));
      const fromGenAi = readGenAi(span);
      if (fromGenAi.length) return fromGenAi;
      return typeof output === "string" && output
        ? [
            {
              kind: "model",
              inputs: [],
              outputs: [message({ role: "assistant", content: output }, "attribute traceloop.entity.output", "assistant")],
              outputsRepeat: true,
            },
          ]
        : [];
    }
    return [];
  },
});
