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

/** The fields of a message, a tool call and its function that become the conversation. */
const MESSAGE_READS = new Set(["role", "content", "name", "tool_calls", "tool_call_id"]);
const CALL_READS = new Set(["id", "type", "function"]);
const FUNCTION_READS = new Set(["name", "arguments"]);
/** What the mapping reads of a line, a message, a tool call and its function. */
export const OPENAI_CHAT_READS = {
  line: new Set(["messages", "id", "system"]),
  message: MESSAGE_READS,
  call: CALL_READS,
  function: FUNCTION_READS,
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const unreadOf = (o: Obj, reads: Set<string>) => Object.fromEntries(Object.entries(o).filter(([k]) => !reads.has(k)));

/**
 * The message-level "everything not read" pass: a message's own fields that are not the
 * conversation (OpenAI fine-tuning's `weight`, a dataset's extra keys), and those of its tool calls,
 * as {message: index, …fields} entries and their names ("messages[].weight",
 * "messages[].tool_calls[].function.strict").
 */
function unreadMessageFields(messages: Obj[]): { entries: Obj[]; names: string[] } {
  const entries: Obj[] = [];
  const names = new Set<string>();
  messages.forEach((m, i) => {
    const fields: Obj = unreadOf(m, MESSAGE_READS);
    for (const key of Object.keys(fields)) names.add(`messages[].${key}`);
    const calls = Array.isArray(m.tool_calls) ? m.tool_calls.filter(isObj) : [];
    const callFields = calls.map((call) => {
      const own = unreadOf(call, CALL_READS);
      const fn = isObj(call.function) ? unreadOf(call.function, FUNCTION_READS) : {};
      for (const key of Object.keys(own)) names.add(`messages[].tool_calls[].${key}`);
      for (const key of Object.keys(fn)) names.add(`messages[].tool_calls[].function.${key}`);
      return { ...own, ...(Object.keys(fn).length ? { function: fn } : {}) };
    });
    if (callFields.some((c) => Object.keys(c).length)) fields.tool_calls = callFields;
    if (Object.keys(fields).length) entries.push({ message: i, ...fields });
  });
  return { entries, names: [...names] };
}

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
    const fields = unreadMessageFields(lineMessages);
    const unmapped = [...Object.keys(rest), ...fields.names];
    if (unmapped.length) {
      item.transcript.content.metadata = { ...rest, ...(fields.entries.length ? { "message fields": fields.entries } : {}) };
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
