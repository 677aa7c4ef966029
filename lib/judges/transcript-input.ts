import { isItemKind, itemKind } from "../items/kinds";
import type { JudgeInput } from "./request";
import { truncateMiddle } from "./truncate";

/**
 * Turns a stored transcript, or a run's trial, into what a judge sees. Transcript.content is
 * untrusted agent output in the labeling shape ({messages: [{role, content, toolCalls}], finalState,
 * outputs: {a, b}}); it is read defensively and rendered as plain text, never interpreted. A trial
 * is put in the same shape first, so a judge sees the same kind of text when it is calibrated on
 * labeled transcripts and when it grades a run.
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

/**
 * The most characters each variable brings into a prompt. Longer values keep their beginning and
 * end and lose their middle, with a marker saying how much was cut: never silently.
 */
export const JUDGE_INPUT_LIMITS = {
  taskPrompt: 8_000,
  expected: 4_000,
  output: 16_000,
  transcript: 48_000,
  toolCalls: 32_000,
  finalState: 8_000,
  outputA: 16_000,
  outputB: 16_000,
} as const satisfies Partial<Record<keyof JudgeInput, number>>;

export function toJudgeInput(transcript: TranscriptRow, labelSetRubric: string | null): JudgeInput {
  const content = (transcript.content && typeof transcript.content === "object" ? transcript.content : {}) as Record<string, unknown>;
  const outputs = (content.outputs && typeof content.outputs === "object" ? content.outputs : null) as { a?: unknown; b?: unknown } | null;
  const cut = (value: string | null, limit: number) => (value === null ? null : truncateMiddle(value, limit));
  return {
    taskPrompt: truncateMiddle(transcript.taskPrompt, JUDGE_INPUT_LIMITS.taskPrompt),
    // The label set's rubric is what the humans judged against, so the judge gets the same one.
    rubric: labelSetRubric ?? transcript.rubric,
    criterion: transcript.criterion,
    expected: cut(typeof content.expected === "string" ? content.expected : null, JUDGE_INPUT_LIMITS.expected),
    output: cut(transcript.finalOutput, JUDGE_INPUT_LIMITS.output),
    transcript: truncateMiddle(renderTranscript(content), JUDGE_INPUT_LIMITS.transcript),
    toolCalls: truncateMiddle(renderToolCalls(content), JUDGE_INPUT_LIMITS.toolCalls),
    finalState: truncateMiddle(
      content.finalState === undefined || content.finalState === null ? "(none)" : json(content.finalState),
      JUDGE_INPUT_LIMITS.finalState,
    ),
    outputA: cut(typeof outputs?.a === "string" ? outputs.a : null, JUDGE_INPUT_LIMITS.outputA),
    outputB: cut(typeof outputs?.b === "string" ? outputs.b : null, JUDGE_INPUT_LIMITS.outputB),
  };
}

/** One step of a run's trajectory, as the runner records it. */
export interface TrialStep {
  tool: string;
  args?: unknown;
  result?: unknown;
  error?: string | null;
  blocked?: boolean;
}

/** A run's trial in the transcript shape: the prompt, the tool calls, the output, the final state. */
export function trialContent(trial: {
  prompt: string;
  output: string | null;
  trajectory: readonly TrialStep[];
  finalState?: unknown;
}): Record<string, unknown> {
  const toolCalls = trial.trajectory.map((step) => ({
    name: step.tool || "(unnamed tool)",
    ...(step.args !== undefined ? { arguments: step.args } : {}),
    ...(step.result !== undefined ? { result: step.result } : {}),
    ...(step.error ? { error: step.blocked ? `blocked by the runner: ${step.error}` : step.error } : {}),
  }));
  return {
    messages: [
      { role: "user", content: trial.prompt },
      ...(toolCalls.length ? [{ role: "assistant", toolCalls }] : []),
      ...(trial.output !== null ? [{ role: "assistant", content: trial.output }] : []),
    ],
    ...(trial.finalState !== undefined && trial.finalState !== null ? { finalState: trial.finalState } : {}),
  };
}

/** What a judge sees about a run's trial: the same variables as for a labeled transcript. */
export function trialJudgeInput(trial: {
  prompt: string;
  rubric: string | null;
  output: string | null;
  trajectory: readonly TrialStep[];
  finalState?: unknown;
}): JudgeInput {
  return toJudgeInput(
    { taskPrompt: trial.prompt, rubric: trial.rubric, criterion: null, finalOutput: trial.output, content: trialContent(trial) },
    trial.rubric,
  );
}

function toolCallsOf(content: Record<string, unknown>): Record<string, unknown>[] {
  const messages = Array.isArray(content.messages) ? (content.messages as LooseMessage[]) : [];
  return messages.flatMap((m) => (Array.isArray(m.toolCalls) ? (m.toolCalls as Record<string, unknown>[]) : []));
}

/** Every tool call in order, numbered, with its arguments and its result or error. */
export function renderToolCalls(content: Record<string, unknown>): string {
  const calls = toolCallsOf(content);
  if (calls.length === 0) return "(no tool calls)";
  return calls
    .map((call, i) => {
      const head = `${i + 1}. ${String(call.name ?? "?")}(${json(call.arguments ?? null)})`;
      const outcome = call.error ? `error: ${String(call.error)}` : call.result !== undefined ? json(call.result) : "(no result)";
      return `${head}\n   -> ${outcome}`;
    })
    .join("\n");
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

/** Output length behind the verbosity check: the output's characters, or for two outputs (pairwise) len(A) − len(B). */
export function verbosityLength(kind: string, transcript: TranscriptRow): number | null {
  if (isItemKind(kind) && itemKind(kind).outputs === 2) {
    // The lengths as written, not as shown to the judge (which may be cut in the middle).
    const content = (transcript.content && typeof transcript.content === "object" ? transcript.content : {}) as {
      outputs?: { a?: unknown; b?: unknown } | null;
    };
    const { a, b } = content.outputs ?? {};
    if (typeof a !== "string" || typeof b !== "string") return null;
    return a.length - b.length;
  }
  return transcript.finalOutput == null ? null : transcript.finalOutput.length;
}
