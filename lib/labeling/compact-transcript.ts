/**
 * What the adjudication view sends to the browser for one transcript: the task prompt, the final
 * output (or outputs A and B) and the messages with their tool calls, as plain strings, each capped
 * so a huge transcript cannot make the page heavy. Content is untrusted: these are strings for React
 * text nodes, nothing else. Stored content of an unexpected shape is shown as JSON, not dropped.
 */
export const TEXT_LIMIT = 20_000;
export const MESSAGE_LIMIT = 200;

export interface CompactText {
  text: string;
  /** Characters in the full text; more than text.length when it was cut. */
  length: number;
}

export interface CompactTranscript {
  taskPrompt: CompactText;
  finalOutput: CompactText | null;
  outputs: { a: CompactText; b: CompactText } | null;
  messages: {
    role: string;
    name: string | null;
    content: CompactText | null;
    toolCalls: { name: string; arguments: CompactText | null; result: CompactText | null; error: string | null }[];
  }[];
  /** Messages beyond MESSAGE_LIMIT, not sent. */
  omittedMessages: number;
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  return JSON.stringify(value, null, 2) ?? "";
}

export function capText(value: unknown, limit = TEXT_LIMIT): CompactText {
  const text = asText(value);
  return { text: text.length > limit ? text.slice(0, limit) : text, length: text.length };
}

const optional = (value: unknown): CompactText | null => (value === undefined || value === null ? null : capText(value));

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function compactTranscript(transcript: { taskPrompt: string; finalOutput: string | null; content: unknown }): CompactTranscript {
  const content = record(transcript.content);
  const outputs = record(content.outputs);
  const messages = Array.isArray(content.messages) ? content.messages : [];
  return {
    taskPrompt: capText(transcript.taskPrompt),
    finalOutput: optional(transcript.finalOutput),
    outputs: "a" in outputs || "b" in outputs ? { a: capText(outputs.a), b: capText(outputs.b) } : null,
    messages: messages.slice(0, MESSAGE_LIMIT).map((raw) => {
      const message = record(raw);
      const calls = Array.isArray(message.toolCalls) ? message.toolCalls : [];
      return {
        role: typeof message.role === "string" ? message.role : "unknown",
        name: typeof message.name === "string" ? message.name : null,
        content: Object.keys(message).length === 0 ? capText(raw) : optional(message.content),
        toolCalls: calls.map((rawCall) => {
          const call = record(rawCall);
          return {
            name: typeof call.name === "string" ? call.name : "(unnamed tool)",
            arguments: optional(call.arguments),
            result: optional(call.result),
            error: typeof call.error === "string" ? call.error : null,
          };
        }),
      };
    }),
    omittedMessages: Math.max(0, messages.length - MESSAGE_LIMIT),
  };
}
