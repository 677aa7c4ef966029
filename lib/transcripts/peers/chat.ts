import { newTranscriptSchema, type NewTranscript } from "../../schemas/transcripts";
import { assemble, type ModelCall, type ToolRun } from "../chat/conversation";
import type { Msg, ReadMessage } from "../chat/messages";
import { zodIssueTexts, type ImportItem, type ImportedVerdict } from "../types";

/**
 * Shared by the peer-tool importers: a conversation (read messages, and tool runs when the tool
 * kept them) into a validated transcript, or the problems with it.
 */
export interface ChatItem {
  where: string;
  source: string;
  externalId?: string;
  messages: ReadMessage[];
  /** Messages the model returned, after `messages` (always new). */
  outputs?: ReadMessage[];
  tools?: Omit<ToolRun, "kind">[];
  /** The task prompt when the conversation's first user message is not it. */
  taskPrompt?: string;
  finalOutput?: string;
  rubric?: string;
  expected?: string;
  verdicts?: ImportedVerdict[];
}

export function chatItem(item: ChatItem, errors: string[]): ImportItem | null {
  const call: ModelCall = { kind: "model", inputs: item.messages, outputs: item.outputs ?? [] };
  const messages: Msg[] = assemble(
    [{ start: 0n, end: 1n, order: 0, item: call }],
    (item.tools ?? []).map((t, i) => ({ start: 2n, end: 3n, order: i, item: { kind: "tool" as const, ...t } })),
  );
  const taskPrompt = item.taskPrompt ?? messages.find((m) => m.role === "user" && m.content)?.content;
  if (!taskPrompt) {
    errors.push(`${item.where}: no user message with text to use as the task prompt`);
    return null;
  }
  const finalOutput = item.finalOutput ?? [...messages].reverse().find((m) => m.role === "assistant" && m.content)?.content;
  const transcript: NewTranscript = {
    source: item.source,
    ...(item.externalId ? { externalId: item.externalId } : {}),
    kind: "binary",
    taskPrompt,
    ...(item.rubric ? { rubric: item.rubric } : {}),
    ...(finalOutput !== undefined ? { finalOutput } : {}),
    content: { messages, ...(item.expected ? { expected: item.expected } : {}) },
  };
  const parsed = newTranscriptSchema.safeParse(transcript);
  if (!parsed.success) {
    errors.push(...zodIssueTexts(item.where, parsed.error));
    return null;
  }
  return { where: item.where, transcript: parsed.data, verdicts: item.verdicts ?? [] };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Text of any output value: strings as they are, anything else as JSON. */
export const asText = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === "string" ? value : JSON.stringify(value);
