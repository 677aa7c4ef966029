import type { Contribution } from "../../chat/conversation";
import type { ReadMessage } from "../../chat/messages";
import { completion, readGenAi, readsGenAiEvent } from "./genai";
import { defineShape, message, messages, READS, text } from "./reader";

/**
 * OpenLIT (github.com/openlit/openlit, SDK 1.x): OpenTelemetry GenAI spans whose prompt is one text,
 * each message on its own line as `role: content` ("user: What is LLM Observability?") in the
 * gen_ai.content.prompt event (or the gen_ai.prompt attribute), and the answer as plain text in
 * gen_ai.content.completion. The prompt is split back into messages at the lines that start with a
 * role; a line inside a message that happens to start with "user: " cannot be told apart.
 */
const ROLE_LINE = /^(system|developer|user|assistant|tool|function): ?/;

export function splitPrompt(prompt: string, attribute: string): ReadMessage[] {
  const rows: { role: string; lines: string[] }[] = [];
  for (const line of prompt.split("\n")) {
    const role = ROLE_LINE.exec(line);
    if (role) rows.push({ role: role[1]!, lines: [line.slice(role[0].length)] });
    else if (rows.length) rows[rows.length - 1]!.lines.push(line);
    else rows.push({ role: "user", lines: [line] });
  }
  return rows.map((row, i) =>
    message({ role: row.role, content: row.lines.join("\n") }, `attribute ${attribute} (message ${i + 1})`, "user"),
  );
}

const isOpenLit = (span: { scope: string | null; attributes: Map<string, unknown> }) =>
  (span.scope ?? "").startsWith("openlit") || span.attributes.get("telemetry.sdk.name") === "openlit";

export const openlit = defineShape({
  label: "OpenLIT",
  claims: isOpenLit,
  reads: (key) => READS.genai.test(key),
  readsEvent: readsGenAiEvent,
  read(span): Contribution[] {
    const prompts = [
      ...span.events.filter((e) => e.name === "gen_ai.content.prompt").map((e) => e.attributes.get("gen_ai.prompt")),
      span.attributes.get("gen_ai.prompt"),
    ];
    const prompt = prompts.map(text).find((p) => p !== undefined);
    // Structured prompts (a JSON list of messages) are read as OpenTelemetry GenAI.
    if (prompt === undefined || /^\s*[[{]/.test(prompt)) return readGenAi(span);
    const completions = [
      ...span.events.filter((e) => e.name === "gen_ai.content.completion").map((e) => e.attributes.get("gen_ai.completion")),
      span.attributes.get("gen_ai.completion"),
    ].filter((c) => c !== undefined && c !== "");
    const outputs = completions.length ? messages(completion(completions[0]), "gen_ai.completion", "assistant") : [];
    return [{ kind: "model", inputs: splitPrompt(prompt, "gen_ai.prompt"), outputs }];
  },
});
