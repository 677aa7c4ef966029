import type { JudgeInput } from "./request";

/**
 * Turns a stored transcript into what a judge sees. Transcript.content is untrusted agent output in
 * the labeling shape ({messages: [{role, content, toolCalls}], finalState, outputs: {a, b}}); it is
 * read defensively and rendered as plain text, never interpreted.
 */
export interface TranscriptRow {
  taskPrompt: string;
  rubric: string | null;
  criterion: string | null;
  finalOutput: string | null;
  content: unknown;
}

interface LooseMessage {
  role?: unknown;
  content?: unknown;
  name?: unknown;
  toolCalls?: unknown;
}

export function toJudgeInput(transcript: TranscriptRow, labelSetRubric: string | null): JudgeInput {
  const content = (transcript.content && typeof transcript.content === "object" ? transcript.content : {}) as Record<string, unknown>;
  const outputs = (content.outputs && typeof content.outputs === "object" ? content.outputs : null) as { a?: unknown; b?: unknown } | null;
  return {
    taskPrompt: transcript.taskPrompt,
    // The label set's rubric is what the humans judged against, so the judge gets the same one.
    rubric: labelSetRubric ?? transcript.rubric,
    criterion: transcript.criterion,
    expected: typeof content.expected === "string" ? content.expected : null,
    output: transcript.finalOutput,
    transcript: renderTranscript(content),
    outputA: typeof outputs?.a === "string" ? outputs.a : null,
    outputB: typeof outputs?.b === "string" ? outputs.b : null,
  };
}

/** The conversation as text: one block per message, tool calls with their arguments and results. */
export function renderTranscript(content: Record<string, unknown>): string {
  const messages = Array.isArray(content.messages) ? (content.messages as LooseMessage[]) : [];
  const blocks = messages.map((m) => {
    const role = typeof m.role === "string" ? m.role : "message";
    const name = typeof m.name === "string" && m.name ? ` (${m.name})` : "";
    const lines = [`[${role}${name}]`];
    if (typeof m.content === "string" && m.content) lines.push(m.content);
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as Record<string, unknown>[]) : [];
    for (const call of calls) {
      lines.push(`-> tool ${String(call.name ?? "?")}(${json(call.arguments)})`);
      if (call.error) lines.push(`<- error: ${String(call.error)}`);
      else if (call.result !== undefined) lines.push(`<- ${json(call.result)}`);
    }
    return lines.join("\n");
  });
  if (content.finalState !== undefined) blocks.push(`[final state]\n${json(content.finalState)}`);
  return blocks.join("\n\n");
}

function json(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

/** Output length behind the verbosity check: the output's characters, or for pairwise len(A) − len(B). */
export function verbosityLength(kind: string, transcript: TranscriptRow): number | null {
  if (kind === "pairwise") {
    const input = toJudgeInput(transcript, null);
    if (input.outputA == null || input.outputB == null) return null;
    return input.outputA.length - input.outputB.length;
  }
  return transcript.finalOutput == null ? null : transcript.finalOutput.length;
}
