import { newTranscriptSchema, type ParsedTranscript } from "../schemas/transcripts";

/**
 * A run's trial as a transcript (source "run"): the task's prompt as the user's message, every tool
 * call the agent made (arguments, result or error, blocked calls marked), the agent's output as the
 * last assistant message, the sandbox's final state, and what the task expected. Pure.
 */
export interface TrialForTranscript {
  id: string;
  taskKey: string;
  prompt: string;
  /** The task's contract after defaults (Task.definition). */
  definition: unknown;
  output: string | null;
  trajectory: unknown;
  finalState: unknown;
  error: string | null;
}

interface StepLike {
  tool?: unknown;
  args?: unknown;
  result?: unknown;
  error?: unknown;
  blocked?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)]);

/** The judge grader's rubric, from the task or from an inline grader config. */
function rubricOf(definition: Record<string, unknown>): string | undefined {
  if (typeof definition.rubric === "string") return definition.rubric;
  const graders = [definition.grader, ...(Array.isArray(definition.graders) ? definition.graders : [])];
  const inline = graders.find((g) => isObject(g) && typeof g.rubric === "string") as { rubric: string } | undefined;
  return inline?.rubric;
}

function expectedOf(definition: Record<string, unknown>): string | undefined {
  const lines = [
    ...list(definition.expected).map((e) => `Expected: ${e}`),
    ...list(definition.must_include).map((e) => `Must include: ${e}`),
    ...list(definition.must_exclude).map((e) => `Must not include: ${e}`),
  ];
  return lines.length ? lines.join("\n") : undefined;
}

/** A stored trial as the database reads it (with its task), in the shape trialToTranscript takes. */
export interface StoredTrialForTranscript {
  id: string;
  output: string | null;
  trajectory: unknown;
  finalState: unknown;
  error: string | null;
  task: { key: string; prompt: string; definition: unknown };
}

/** trialToTranscript of a stored trial: the one mapping queue creation and blind review both hash. */
export function storedTrialToTranscript(t: StoredTrialForTranscript): ParsedTranscript {
  return trialToTranscript({
    id: t.id,
    taskKey: t.task.key,
    prompt: t.task.prompt,
    definition: t.task.definition,
    output: t.output,
    trajectory: t.trajectory,
    finalState: t.finalState,
    error: t.error,
  });
}

export function trialToTranscript(trial: TrialForTranscript): ParsedTranscript {
  const definition = isObject(trial.definition) ? trial.definition : {};
  const steps = (Array.isArray(trial.trajectory) ? trial.trajectory : []) as StepLike[];
  const toolCalls = steps.map((step) => ({
    name: typeof step.tool === "string" && step.tool ? step.tool : "(unnamed tool)",
    ...(step.args !== undefined ? { arguments: step.args } : {}),
    ...(step.result !== undefined ? { result: step.result } : {}),
    ...(typeof step.error === "string" ? { error: step.blocked ? `blocked by the runner: ${step.error}` : step.error } : {}),
  }));
  const messages = [
    { role: "user" as const, content: trial.prompt },
    ...(toolCalls.length ? [{ role: "assistant" as const, toolCalls }] : []),
    ...(trial.output !== null ? [{ role: "assistant" as const, content: trial.output }] : []),
    ...(trial.error ? [{ role: "system" as const, content: `The runner ended this trial: ${trial.error}` }] : []),
  ];
  const rubric = rubricOf(definition);
  const expected = expectedOf(definition);
  return newTranscriptSchema.parse({
    source: "run",
    externalId: trial.taskKey,
    trialId: trial.id,
    kind: "binary",
    taskPrompt: trial.prompt,
    ...(rubric ? { rubric } : {}),
    ...(trial.output !== null ? { finalOutput: trial.output } : {}),
    content: {
      messages,
      ...(trial.finalState !== null && trial.finalState !== undefined ? { finalState: trial.finalState } : {}),
      ...(expected ? { expected } : {}),
    },
  });
}
