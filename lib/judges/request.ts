import type { ChatRequest } from "../providers/types";
import { readExamples, renderExamples } from "./examples";
import { parserKind } from "./kinds";
import { verdictFormat } from "./parsers";
import { renderTemplate, templateVariables } from "./template";
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
  /** Few-shot worked examples (lib/judges/examples.ts); null or absent: none. */
  examples?: unknown;
}

export type JudgeOrder = "original" | "swapped";

export interface JudgeParamsValue {
  temperature: number;
  maxTokens: number;
  seed: number | null;
  /** Ask for a JSON verdict matching the parser's schema (structured outputs); the text parsers still read it. */
  structuredOutput: boolean;
  /** The environment variable holding this version's key (never the key itself); null: the provider's global key rule. */
  apiKeyEnv: string | null;
}

export function readParams(params: unknown): JudgeParamsValue {
  const p = (params ?? {}) as Partial<JudgeParamsValue>;
  return {
    temperature: typeof p.temperature === "number" ? p.temperature : 0,
    maxTokens: typeof p.maxTokens === "number" ? p.maxTokens : 512,
    seed: typeof p.seed === "number" ? p.seed : null,
    structuredOutput: p.structuredOutput === true,
    apiKeyEnv: typeof p.apiKeyEnv === "string" && p.apiKeyEnv ? p.apiKeyEnv : null,
  };
}

/**
 * Params as a version spec stores them: the two optional ones only when set, so a version that uses
 * neither keeps the hash it had before they existed (and "off" and "absent" are one identity).
 */
export function specParams(
  p: Pick<JudgeParamsValue, "temperature" | "maxTokens" | "seed"> & Partial<Pick<JudgeParamsValue, "structuredOutput" | "apiKeyEnv">>,
) {
  return {
    temperature: p.temperature,
    maxTokens: p.maxTokens,
    seed: p.seed,
    ...(p.structuredOutput ? { structuredOutput: true } : {}),
    ...(p.apiKeyEnv ? { apiKeyEnv: p.apiKeyEnv } : {}),
  };
}

/**
 * The chat request for one item. In the swapped order a pairwise judge sees the two outputs the
 * other way round; the verdict is mapped back to the original order (swapBack) before storing, so
 * "A" always means the item's first output.
 */
export function buildRequest(version: JudgeVersionLike, input: JudgeInput, order: JudgeOrder = "original"): ChatRequest {
  const swapped = order === "swapped";
  const examples = renderExamples(readExamples(version.examples));
  const filled = renderTemplate(version.promptTemplate, {
    examples,
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
  // A template without {{examples}} gets them first, so adding examples never needs a template edit.
  const prompt = examples && !templateVariables(version.promptTemplate).includes("examples") ? `${examples}\n\n${filled}` : filled;
  const { temperature, maxTokens, seed, structuredOutput } = readParams(version.params);
  return {
    model: version.model,
    system: null,
    messages: [{ role: "user", content: prompt }],
    temperature,
    maxTokens,
    seed,
    ...(structuredOutput ? { responseFormat: verdictFormat(version.parser as JudgeParser) } : {}),
  };
}

export function swapBack(parser: JudgeParser, value: string, order: JudgeOrder): string {
  const kind = parserKind(parser);
  return order === "original" || !kind ? value : kind.swap(value);
}
