import type { ItemKind } from "../items/kinds";

/**
 * What the labeling page may send to a reviewer's browser about one item, and nothing else: the
 * task, the rubric and the transcript as plain strings. Built from a whitelisted select (never the
 * raw Transcript row, never its verdicts or labels), so blindness does not depend on the UI
 * remembering to hide anything. Every value is text: the page renders it as React text nodes.
 */
export interface ToolCallView {
  name: string;
  arguments: string | null;
  result: string | null;
  error: string | null;
}

export interface MessageView {
  role: string;
  name: string | null;
  content: string | null;
  toolCalls: ToolCallView[];
}

/** The stored text fields pass to the page as they are; the transcript's content is rebuilt as messages. */
type PlainFields = "externalId" | "kind" | "taskPrompt" | "rubric" | "criterion" | "finalOutput" | "sizeBytes";

export interface ItemView extends Pick<TranscriptFields, PlainFields> {
  queueItemId: string;
  transcriptId: string;
  messages: MessageView[];
  finalState: string | null;
  outputs: { a: string; b: string } | null;
  expected: string | null;
}

export interface TranscriptFields {
  id: string;
  externalId: string | null;
  kind: ItemKind;
  taskPrompt: string;
  rubric: string | null;
  criterion: string | null;
  finalOutput: string | null;
  content: unknown;
  sizeBytes: number;
}

/** Any JSON value as text: strings as they are, everything else pretty-printed. */
export function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? null;
  } catch {
    return String(value);
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null =>
  typeof value === "string" ? value : value === undefined || value === null ? null : asText(value);

export function toItemView(queueItemId: string, t: TranscriptFields): ItemView {
  const content = record(t.content);
  const messages = Array.isArray(content.messages) ? content.messages : [];
  const outputs = record(content.outputs);
  return {
    queueItemId,
    transcriptId: t.id,
    externalId: t.externalId,
    kind: t.kind,
    taskPrompt: t.taskPrompt,
    rubric: t.rubric,
    criterion: t.criterion,
    finalOutput: t.finalOutput,
    messages: messages.map((m) => {
      const message = record(m);
      const calls = Array.isArray(message.toolCalls) ? message.toolCalls : [];
      return {
        role: typeof message.role === "string" ? message.role : "unknown",
        name: text(message.name),
        content: text(message.content),
        toolCalls: calls.map((c) => {
          const call = record(c);
          return {
            name: text(call.name) ?? "(unnamed tool)",
            arguments: asText(call.arguments),
            result: asText(call.result),
            error: text(call.error),
          };
        }),
      };
    }),
    finalState: asText(content.finalState),
    outputs: typeof outputs.a === "string" && typeof outputs.b === "string" ? { a: outputs.a, b: outputs.b } : null,
    expected: text(content.expected),
    sizeBytes: t.sizeBytes,
  };
}
