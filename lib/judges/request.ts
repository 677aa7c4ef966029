import type { ChatRequest } from "../providers/types";
import { renderTemplate } from "./template";
import type { JudgeParser } from "./version";

/** What a judge sees about one item. Transcript content is untrusted and goes in as plain text. */
export interface JudgeInput {
  taskPrompt: string;
  rubric?: string | null;
  criterion?: string | null;
  expected?: string | null;
  output?: string | null;
  transcript?: string | null;
  /** Every tool call in order with its arguments and result. */
  toolCalls?: string | null;
  /** The final state after the agent finished, as JSON text. */
  finalState?: string | null;
  outputA?: string | null;
  outputB?: string | null;
}

/** The parts of a JudgeVersion row a call needs. */
export interface JudgeVersionLike {
  id: string;
  hash: string;
  provider: string;
  model: string;
  baseUrl: string | null;
  promptTemplate: string;
  params: unknown;
  parser: string;
}

export type JudgeOrder = "original" | "swapped";

export interface JudgeParamsValue {
  temperature: number;
  maxTokens: number;
  seed: number | null;
}

export function readParams(params: unknown): JudgeParamsValue {
  const p = (params ?? {}) as Partial<JudgeParamsValue>;
  return {
    temperature: typeof p.temperature === "number" ? p.temperature : 0,
    maxTokens: typeof p.maxTokens === "number" ? p.maxTokens : 512,
    seed: typeof p.seed === "number" ? p.seed : null,
  };
}

/**
 * The chat request for one item. In the swapped order a pairwise judge sees the two outputs the
 * other way round; the verdict is mapped back to the original order (swapBack) before storing, so
 * "A" always means the item's first output.
 */
export function buildRequest(version: JudgeVersionLike, input: JudgeInput, order: JudgeOrder = "original"): ChatRequest {
  const swapped = order === "swapped";
  const prompt = renderTemplate(version.promptTemplate, {
    task_prompt: input.taskPrompt,
    rubric: input.rubric,
    criterion: input.criterion,
    expected: input.expected,
    output: input.output,
    transcript: input.transcript,
    tool_calls: input.toolCalls,
    final_state: input.finalState,
    output_a: swapped ? input.outputB : input.outputA,
    output_b: swapped ? input.outputA : input.outputB,
  });
  const params = readParams(version.params);
  return { model: version.model, system: null, messages: [{ role: "user", content: prompt }], ...params };
}

export function swapBack(parser: JudgeParser, value: string, order: JudgeOrder): string {
  if (parser !== "pairwise" || order === "original") return value;
  return value === "A" ? "B" : value === "B" ? "A" : value;
}
