import { z } from "zod";
import { readMessage, type ReadMessage } from "../chat/messages";
import { readJsonLines } from "../json-text";
import { zodIssueTexts, type ImportItem, type ParseResult, type SkippedPart } from "../types";
import { chatItem } from "./chat";

/**
 * OpenAI chat JSONL: one conversation per line, `{"messages": [...]}` as OpenAI's fine-tuning and
 * evals files hold them (tools, parallel_tool_calls, metadata and an id allowed). Messages are
 * OpenAI's: role system | developer | user | assistant | tool | function, content text or parts,
 * tool_calls, tool_call_id. A top-level `system` text (the Anthropic / Bedrock fine-tuning form of
 * the same file) is the conversation's first message. Any other top-level field (tools, metadata,
 * a dataset's own properties) has no transcript field: it is kept in content.metadata and named as
 * unmapped, never dropped. Pure; every bad line named.
 */
const part = z.looseObject({ type: z.string({ error: "a content part needs a type" }) });
const message = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", "function"], {
    error: 'role must be "system", "developer", "user", "assistant", "tool" or "function"',
  }),
  content: z.union([z.string(), z.array(part), z.null()], { error: "content must be text, a list of parts, or null" }).optional(),
  name: z.string().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        type: z.string().optional(),
        function: z.looseObject(
          {
            name: z.string({ error: "a tool call needs function.name" }).min(1, "a tool call needs function.name"),
            arguments: z.unknown().optional(),
          },
          { error: "a tool call needs function: {name, arguments}" },
        ),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
  weight: z.number().optional(),
});
const line = z.looseObject({
  messages: z.array(message, { error: 'each line needs "messages": a list of chat messages' }).min(1, "messages is empty"),
  id: z.union([z.string(), z.number()]).optional(),
  system: z.string({ error: "system must be text" }).optional(),
});

export function parseOpenAiChat(input: string): ParseResult {
  const read = readJsonLines(input);
  const errors = [...read.errors];
  const items: ImportItem[] = [];
  const skipped: SkippedPart[] = [];
  for (const { line: n, value } of read.lines) {
    const where = `line ${n}`;
    const parsed = line.safeParse(value);
    if (!parsed.success) {
      errors.push(...zodIssueTexts(where, parsed.error));
      continue;
    }
    const { messages: lineMessages, id, system, ...rest } = parsed.data;
    const messages: ReadMessage[] = [];
    let bad = false;
    if (system !== undefined) {
      const read = readMessage({ role: "system", content: system }, "user");
      if (typeof read === "string") {
        errors.push(`${where}: system: ${read}`);
        bad = true;
      } else messages.push(read);
    }
    lineMessages.forEach((m, i) => {
      const read = readMessage(m, "user");
      if (typeof read === "string") {
        errors.push(`${where}: messages[${i}]: ${read}`);
        bad = true;
      } else messages.push(read);
    });
    if (bad) continue;
    // A line without a user message (a system prompt and an answer) asks nothing: skipped, with why.
    if (!messages.some((m) => m.message.role === "user" && m.message.content)) {
      skipped.push({ where, why: "no user message: nothing was asked, so there is nothing to label" });
      continue;
    }
    const item = chatItem({ where, source: "openai-chat", ...(id !== undefined ? { externalId: String(id) } : {}), messages }, errors);
    if (!item) continue;
    const unmapped = Object.keys(rest);
    if (unmapped.length) {
      item.transcript.content.metadata = rest;
      item.unmapped = unmapped;
    }
    items.push(item);
  }
  if (errors.length) return { ok: false, errors };
  if (!items.length)
    return {
      ok: false,
      errors: [
        'the file has no conversations: expected one {"messages": [...]} object per line',
        ...skipped.map((s) => `${s.where}: ${s.why}`),
      ],
    };
  return { ok: true, items, ...(skipped.length ? { skipped } : {}) };
}
