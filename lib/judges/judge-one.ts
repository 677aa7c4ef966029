import { requestHash } from "../providers/cassette";
import { costUsd } from "../providers/pricing";
import type { ModelProvider } from "../providers/types";
import { callWithRetries, type CallDeps, type CallPolicy } from "./call";
import { parserKind } from "./kinds";
import { parseVerdict } from "./parsers";
import { buildRequest, swapBack, type JudgeInput, type JudgeOrder, type JudgeVersionLike } from "./request";
import type { JudgeParser } from "./version";

export type VerdictStatus = "ok" | "skipped" | "error";

/** One judged call, ready to store as a JudgeVerdict row. */
export interface VerdictOutcome {
  order: JudgeOrder;
  status: VerdictStatus;
  /** pass | fail, A | B (in the item's original order), or "1".."5"; null unless ok. */
  value: string | null;
  score: number | null;
  reason: string | null;
  requestHash: string | null;
  rawRequest: unknown;
  rawResponse: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  latencyMs: number | null;
  error: string | null;
  /** The judge could not be asked (no key, no recording, host refused, the call failed): no answer to judge by. */
  unreachable?: boolean;
}

export interface JudgeContext {
  provider: ModelProvider;
  policy: CallPolicy;
  deps: CallDeps;
}

/**
 * Asks the judge about one item once. A missing key is "skipped"; a failed call or an answer that
 * does not parse is "error" with the raw answer kept: neither is ever a verdict.
 */
export async function judgeOne(
  version: JudgeVersionLike,
  input: JudgeInput,
  order: JudgeOrder,
  context: JudgeContext,
): Promise<VerdictOutcome> {
  const parser = version.parser as JudgeParser;
  const empty = {
    value: null,
    score: null,
    reason: null,
    rawResponse: null,
    tokensIn: null,
    tokensOut: null,
    costUsd: null,
    latencyMs: null,
  };
  let request;
  try {
    request = buildRequest(version, input, order);
  } catch (error) {
    return {
      ...empty,
      order,
      status: "error",
      requestHash: null,
      rawRequest: null,
      error: error instanceof Error ? error.message : String(error),
      unreachable: true,
    };
  }
  const hash = requestHash(request);
  const outcome = await callWithRetries(context.provider, request, context.policy, context.deps);
  if (!outcome.ok) {
    const skipped = outcome.error.kind === "no_api_key";
    return {
      ...empty,
      order,
      status: skipped ? "skipped" : "error",
      reason: skipped ? "no API key" : null,
      requestHash: hash,
      rawRequest: outcome.error.details.rawRequest ?? request,
      rawResponse: outcome.error.details.raw ?? null,
      latencyMs: outcome.latencyMs,
      error: outcome.error.message,
      unreachable: true,
    };
  }
  const { response } = outcome;
  const usage = {
    requestHash: hash,
    rawRequest: response.rawRequest,
    rawResponse: response.raw,
    tokensIn: response.tokensIn,
    tokensOut: response.tokensOut,
    costUsd: response.replayed ? 0 : costUsd(version.model, version.baseUrl, response.tokensIn, response.tokensOut),
    latencyMs: outcome.latencyMs,
  };
  const parsed = parseVerdict(parser, response.text);
  if (!parsed.ok)
    return { ...usage, order, status: "error", value: null, score: null, reason: null, error: `Unparseable answer: ${parsed.error}` };
  const value = swapBack(parser, parsed.value, order);
  // Read back in the item's own order, the value's number is the score (A = 1 even when the judge said B swapped).
  const score = parserKind(parser)?.numeric(value) ?? parsed.score;
  return { ...usage, order, status: "ok", value, score, reason: parsed.reason, error: null };
}
