import type { ChatRequest } from "../providers/types";
import { templateProblems } from "./template";
import type { JudgeParser } from "./version";

/**
 * Automatic prompt improvement, the pure part: what to ask a model for a revised judge prompt, how to read its
 * answer, what the loop will cost before it starts, and which candidate wins. Everything here is a function of its
 * inputs (the seed included), so a loop replayed from recorded answers makes the same choices.
 */

/** At most this many misaligned items go into a proposal prompt: enough to show the failure modes, bounded in size. */
export const MAX_SHOWN_ITEMS = 20;
/** Each item's text in the proposal prompt is cut to this many characters. */
export const ITEM_TEXT_LIMIT = 1_500;
/** A proposal may run this long (tokens): a judge prompt, not an essay. */
export const PROPOSAL_MAX_TOKENS = 1_500;
export const MAX_CANDIDATES = 10;

export interface MisalignedItem {
  transcriptId: string;
  /** The text the judge saw (task and output), as worked examples show it. */
  input: string;
  gold: string;
  judge: string | null;
  judgeReason: string | null;
  humanReasons: string[];
  alignment: string;
}

const SYSTEM = [
  "You improve the prompt of an LLM judge so that its verdicts agree with human reviewers.",
  "You are shown the judge's current prompt template, the rubric the humans used, and items where the judge and the humans disagreed.",
  "Write one revised prompt template. Keep every {{placeholder}} the judge needs to see the item (the same names), and keep the answer format the current prompt asks for.",
  "Answer with the revised template only, between <prompt> and </prompt>.",
].join(" ");

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}… [cut]` : text);

/**
 * The request for candidate k of n (1-based). Its seed is the loop's seed plus k, and its text names k, so each
 * candidate is a different, reproducible request (and a different recorded answer).
 */
export function proposalRequest(input: {
  model: string;
  template: string;
  rubric: string | null;
  items: readonly MisalignedItem[];
  k: number;
  n: number;
  seed: number;
  temperature: number;
}): ChatRequest {
  const shown = input.items.slice(0, MAX_SHOWN_ITEMS);
  const items = shown.map((item, i) =>
    [
      `Item ${i + 1} (${item.alignment.replace("_", " ")})`,
      cut(item.input, ITEM_TEXT_LIMIT),
      `Humans: ${item.gold}${item.humanReasons.length ? ` (${item.humanReasons.map((r) => cut(r, 300)).join("; ")})` : ""}`,
      `Judge: ${item.judge ?? "no answer"}${item.judgeReason ? ` (${cut(item.judgeReason, 300)})` : ""}`,
    ].join("\n"),
  );
  const content = [
    `Candidate ${input.k} of ${input.n}: propose a revision that differs from the other candidates.`,
    `Rubric the humans used:\n${input.rubric?.trim() || "(none written)"}`,
    `Current prompt template:\n<prompt>\n${input.template}\n</prompt>`,
    `Items the judge got wrong on the dev split (${shown.length} of ${input.items.length}):\n\n${items.join("\n\n")}`,
  ].join("\n\n");
  return {
    model: input.model,
    system: SYSTEM,
    messages: [{ role: "user", content }],
    temperature: input.temperature,
    maxTokens: PROPOSAL_MAX_TOKENS,
    seed: input.seed + input.k,
  };
}

export type CandidateText = { ok: true; template: string } | { ok: false; problem: string };

/** The revised template in a model's answer: the text between <prompt> and </prompt>, checked like any template. */
export function readCandidate(text: string, parser: JudgeParser): CandidateText {
  const match = /<prompt>\s*([\s\S]*?)\s*<\/prompt>/.exec(text);
  if (!match || !match[1]!.trim()) return { ok: false, problem: "the answer has no <prompt>…</prompt> block" };
  const template = match[1]!;
  const problems = templateProblems(template, parser);
  if (problems.length > 0) return { ok: false, problem: problems.join(" ") };
  return { ok: true, template };
}

/** Rough token count for an estimate: about 4 characters a token in English text, rounded up. */
export const roughTokens = (chars: number) => Math.ceil(chars / 4);

export interface ImproveEstimate {
  proposalCalls: number;
  evaluationCalls: number;
  calls: number;
  /** USD, or null when a call's price is unknown (then no budget can be checked). */
  costUsd: number | null;
}

/**
 * Calls and cost before anything starts: n proposals, then each candidate on every dev item. Output tokens are
 * counted at their maximum, input tokens from the prompt's length (a candidate is taken as long as the longest
 * allowed proposal), so the estimate errs high.
 */
export function estimateImprove(input: {
  candidates: number;
  proposalPromptChars: number;
  /** Characters of each dev item's judge prompt under the current template. */
  evaluationPromptChars: readonly number[];
  judgeMaxTokens: number;
  /** USD for one call of the proposing model / of the judge; null when unknown. */
  priceProposal: (tokensIn: number, tokensOut: number) => number | null;
  priceJudge: (tokensIn: number, tokensOut: number) => number | null;
}): ImproveEstimate {
  const n = input.candidates;
  const proposal = input.priceProposal(roughTokens(input.proposalPromptChars), PROPOSAL_MAX_TOKENS);
  let perCandidate: number | null = 0;
  for (const chars of input.evaluationPromptChars) {
    const cost = input.priceJudge(roughTokens(chars) + PROPOSAL_MAX_TOKENS, input.judgeMaxTokens);
    perCandidate = cost === null || perCandidate === null ? null : perCandidate + cost;
  }
  const evaluationCalls = n * input.evaluationPromptChars.length;
  return {
    proposalCalls: n,
    evaluationCalls,
    calls: n + evaluationCalls,
    costUsd: proposal === null || perCandidate === null ? null : n * (proposal + perCandidate),
  };
}

/** Why a loop may not start: an unknown price or an estimate above the budget. Null: it may start. */
export function budgetRefusal(estimate: ImproveEstimate, budgetUsd: number): string | null {
  if (estimate.costUsd === null)
    return `The cost of ${estimate.calls} calls cannot be estimated (a model's price is unknown): add its price to GAVEL_PRICES, or use a local or recorded model.`;
  if (estimate.costUsd > budgetUsd)
    return `The estimate is $${estimate.costUsd.toFixed(4)} for ${estimate.calls} calls (${estimate.proposalCalls} proposals, ${estimate.evaluationCalls} judge calls on dev), above the budget of $${budgetUsd.toFixed(4)}: raise --budget or ask for fewer candidates.`;
  return null;
}

export interface CandidateResult {
  k: number;
  /** The template proposed, when the answer held a usable one. */
  template: string | null;
  problem: string | null;
  kappa: number | null;
  fixed: number;
  broken: number;
  hash: string | null;
}

/**
 * The winner: the highest dev κ, then the fewest broken items, then the most fixed, then the earliest candidate.
 * Only a candidate that beats the version it started from wins (an undefined κ beats nothing and nothing beats it
 * but a number): a draft no better than its parent is not worth a version.
 */
export function pickBest(results: readonly CandidateResult[], baseKappa: number | null): CandidateResult | null {
  const usable = results.filter((r) => r.template !== null && r.kappa !== null && (baseKappa === null || r.kappa > baseKappa));
  const sorted = [...usable].sort((a, b) => b.kappa! - a.kappa! || a.broken - b.broken || b.fixed - a.fixed || a.k - b.k);
  return sorted[0] ?? null;
}

/**
 * Why a replay version cannot be improved here, or null when it can. A replay version answers only
 * the requests recorded for it (an imported data set's verdicts): a proposed prompt is a new request,
 * so every call would miss. Recorded answers of an improve loop itself (`--replay FILE`) are the
 * exception. Said before anything starts rather than as one cassette miss per call.
 */
export function replayOnlyProblem(version: { provider: string; label: string }, replayFile: boolean): string | null {
  if (version.provider !== "replay" || replayFile) return null;
  return `${version.label} replays recorded verdicts (an imported data set): no model here can propose or judge a new prompt. Make a version of it on a live provider (Edit, then choose the provider and model) and improve that one.`;
}
