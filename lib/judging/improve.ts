import "server-only";
import { UserError } from "../errors";
import { findOrCreateJudgeVersion } from "../db/judges";
import { DEFAULT_CALL_POLICY, callWithRetries, realCallDeps, type CallDeps } from "../judges/call";
import { readExamples, renderExamples } from "../judges/examples";
import {
  MAX_CANDIDATES,
  budgetRefusal,
  estimateImprove,
  pickBest,
  proposalRequest,
  readCandidate,
  replayOnlyProblem,
  type CandidateResult,
  type ImproveEstimate,
  type MisalignedItem,
} from "../judges/improve";
import { readParams } from "../judges/request";
import { isMisaligned, versionChanges } from "../judges/workbench";
import { fileCassette, recordingProvider, replayProvider } from "../providers/cassette";
import { costUsd, priceCall } from "../providers/pricing";
import type { ModelProvider } from "../providers/types";
import { providerForVersion } from "./providers";
import { draftSpec, loadWorkbench, tryDraftOnDev } from "./workbench";

/**
 * `gavel judge improve` and the workbench's "Improve automatically": a model proposes N revised judge prompts from
 * the dev split's misaligned items and the rubric; each is run on the dev split by the same code as `judge try --dev`;
 * the best one that beats the version is kept as a new, unapproved version (a draft: it gates nothing until it is
 * calibrated on the test split and approved). Bounded: the calls and their cost are estimated before the first call,
 * the loop is refused above the budget and stops before a step that would pass it.
 */
export interface ImproveOptions {
  versionId: string;
  queueId: string;
  candidates: number;
  budgetUsd: number;
  seed?: number;
  /** The proposing model (same provider and endpoint as the judge); default the judge's own model. */
  model?: string;
  temperature?: number;
  /** Record every live answer to this cassette file, or answer every call from it (no live call). */
  record?: string | null;
  replay?: string | null;
  /** Only estimate: no call is made, nothing is saved. */
  estimateOnly?: boolean;
  actorId?: string | null;
  onProgress?: (line: string) => void;
  overrides?: {
    provider?: ModelProvider;
    deps?: CallDeps;
    /** USD for one call of `model` (estimate and spend alike); default the price catalog (local and replayed: free). */
    price?: (model: string, tokensIn: number, tokensOut: number) => number | null;
  };
}

export interface ImproveReport {
  version: { id: string; name: string; version: number };
  labelSet: { id: string; name: string };
  seed: number;
  proposer: string;
  misaligned: number;
  devItems: number;
  baseKappa: number | null;
  estimate: ImproveEstimate;
  budgetUsd: number;
  spentUsd: number;
  /** Why the loop ended before its last candidate (the budget), or null. */
  stopped: string | null;
  candidates: CandidateResult[];
  best: CandidateResult | null;
  saved: { id: string; version: number; hash: string; created: boolean } | null;
}

export async function improveJudge(options: ImproveOptions): Promise<ImproveReport> {
  if (!Number.isInteger(options.candidates) || options.candidates < 1 || options.candidates > MAX_CANDIDATES)
    throw new UserError(`candidates: ask for 1 to ${MAX_CANDIDATES} candidates.`, 422, "candidates");
  if (!Number.isFinite(options.budgetUsd) || options.budgetUsd < 0)
    throw new UserError("budget: a budget in USD, 0 or more.", 422, "budget");
  if (options.record && options.replay) throw new UserError("Record or replay, not both.", 422);
  const seed = options.seed ?? 0;
  const n = options.candidates;
  const progress = options.onProgress ?? (() => {});
  const bench = await loadWorkbench(options.versionId, options.queueId);
  const { version, queue } = bench;
  const replayOnly = replayOnlyProblem(
    { provider: version.provider, label: `${version.judge.name} v${version.version}` },
    Boolean(options.replay),
  );
  if (replayOnly) throw new UserError(replayOnly, 422);
  const params = readParams(version.params);
  const proposer = options.model?.trim() || version.model;
  const misaligned: MisalignedItem[] = bench.items
    .filter((i) => isMisaligned(i.alignment))
    .map((i) => ({
      transcriptId: i.transcriptId,
      input: i.output,
      gold: i.gold,
      judge: i.judge,
      judgeReason: i.judgeReason,
      humanReasons: i.humans.flatMap((h) => (h.reason?.trim() ? [`${h.value}: ${h.reason.trim()}`] : [])),
      alignment: i.alignment,
    }));
  if (misaligned.length === 0)
    throw new UserError(
      `${version.judge.name} v${version.version} has no misaligned items on the dev split of "${queue.name}": nothing to improve from (run it on dev first if it has no dev verdicts).`,
      409,
    );

  const request = (k: number) =>
    proposalRequest({
      model: proposer,
      template: version.promptTemplate,
      rubric: queue.rubric,
      items: misaligned,
      k,
      n,
      seed,
      temperature: options.temperature ?? 0.7,
    });
  const chars = (k: number) => {
    const r = request(k);
    return (r.system?.length ?? 0) + r.messages.reduce((s, m) => s + m.content.length, 0);
  };
  const examplesChars = renderExamples(readExamples(version.examples)).length;
  const live = !options.replay && version.provider !== "replay";
  const price = (model: string, tokensIn: number, tokensOut: number) =>
    options.overrides?.price
      ? options.overrides.price(model, tokensIn, tokensOut)
      : live
        ? (priceCall(model, version.baseUrl, tokensIn, tokensOut)?.costUsd ?? null)
        : 0;
  const estimate = estimateImprove({
    candidates: n,
    proposalPromptChars: Math.max(...Array.from({ length: n }, (_, i) => chars(i + 1))),
    evaluationPromptChars: bench.items.map((i) => version.promptTemplate.length + examplesChars + i.output.length),
    judgeMaxTokens: params.maxTokens,
    priceProposal: (i, o) => price(proposer, i, o),
    priceJudge: (i, o) => price(version.model, i, o),
  });
  const report: ImproveReport = {
    version: { id: version.id, name: version.judge.name, version: version.version },
    labelSet: { id: queue.id, name: queue.name },
    seed,
    proposer,
    misaligned: misaligned.length,
    devItems: bench.items.length,
    baseKappa: bench.report.value,
    estimate,
    budgetUsd: options.budgetUsd,
    spentUsd: 0,
    stopped: null,
    candidates: [],
    best: null,
    saved: null,
  };
  const cost = estimate.costUsd === null ? "unknown cost" : `$${estimate.costUsd.toFixed(4)}`;
  progress(
    `Estimate: ${estimate.calls} calls (${estimate.proposalCalls} proposals by ${proposer}, ${estimate.evaluationCalls} judge calls on ${bench.items.length} dev items), ${cost}; budget $${options.budgetUsd.toFixed(4)}.`,
  );
  const refusal = budgetRefusal(estimate, options.budgetUsd);
  if (refusal) throw new UserError(refusal, 422, "budget");
  if (options.estimateOnly) return report;

  const provider = options.overrides?.provider ?? answeringProvider(version, options);
  const deps = options.overrides?.deps ?? realCallDeps;
  // A candidate (its proposal and its dev run) is estimated to cost an n-th of the whole.
  const perCandidate = (estimate.costUsd ?? 0) / n;
  for (let k = 1; k <= n; k++) {
    if (report.spentUsd + perCandidate > options.budgetUsd) {
      report.stopped = `stopped before candidate ${k} of ${n}: $${report.spentUsd.toFixed(4)} spent of $${options.budgetUsd.toFixed(4)}, the next candidate would pass the budget`;
      progress(report.stopped);
      break;
    }
    const outcome = await callWithRetries(provider, request(k), DEFAULT_CALL_POLICY, deps);
    const result: CandidateResult = { k, template: null, problem: null, kappa: null, fixed: 0, broken: 0, hash: null };
    report.candidates.push(result);
    if (!outcome.ok) {
      result.problem = `the proposal call failed: ${outcome.error.message}`;
      progress(`candidate ${k} of ${n}: ${result.problem}`);
      continue;
    }
    const { response } = outcome;
    report.spentUsd += options.overrides?.price
      ? (options.overrides.price(proposer, response.tokensIn ?? 0, response.tokensOut ?? 0) ?? 0)
      : response.replayed
        ? 0
        : (costUsd(proposer, version.baseUrl, response.tokensIn, response.tokensOut) ?? 0);
    const candidate = readCandidate(response.text, version.parser as Parameters<typeof readCandidate>[1]);
    if (!candidate.ok) {
      result.problem = candidate.problem;
      progress(`candidate ${k} of ${n}: not usable (${candidate.problem})`);
      continue;
    }
    result.template = candidate.template;
    const tried = await tryDraftOnDev({
      versionId: version.id,
      queueId: queue.id,
      draft: { promptTemplate: candidate.template },
      overrides: { provider, deps },
      // One at a time: the order of recorded calls, and so a re-run, does not depend on timing.
      concurrency: 1,
    });
    report.spentUsd += options.overrides?.price
      ? (options.overrides.price(version.model, tried.tokens.in, tried.tokens.out) ?? 0)
      : (tried.costUsd ?? 0);
    Object.assign(result, { kappa: tried.draft.value, fixed: tried.counts.fixed, broken: tried.counts.broken, hash: tried.draftHash });
    progress(
      `candidate ${k} of ${n}: κ ${tried.draft.value?.toFixed(3) ?? "undefined"} on dev (fixed ${tried.counts.fixed}, broken ${tried.counts.broken}); $${report.spentUsd.toFixed(4)} spent`,
    );
  }

  report.best = pickBest(report.candidates, report.baseKappa);
  if (!report.best) {
    progress(`No candidate beat v${version.version}'s dev κ: nothing saved.`);
    return report;
  }
  const { spec } = await draftSpec(version.id, queue.id, { promptTemplate: report.best.template! });
  const changed = versionChanges(version, { ...spec, examples: spec.examples ?? null });
  const { version: saved, created } = await findOrCreateJudgeVersion({ name: version.judge.name, kind: version.judge.kind }, spec, {
    createdById: options.actorId ?? null,
    parentId: version.id,
    note: `improve: candidate ${report.best.k} of ${n} (seed ${seed}, proposed by ${proposer}; dev κ ${report.baseKappa?.toFixed(3) ?? "undefined"} → ${report.best.kappa!.toFixed(3)}); ${changed.join("; ")}`,
  });
  report.saved = { id: saved.id, version: saved.version, hash: saved.hash, created };
  progress(
    created
      ? `Kept candidate ${report.best.k} as ${version.judge.name} v${saved.version} (draft: not approved, gates nothing).`
      : `Candidate ${report.best.k} is already ${version.judge.name} v${saved.version}: nothing new saved.`,
  );
  return report;
}

/** The live provider (recording every answer when asked), or the recorded answers only. */
function answeringProvider(
  version: Parameters<typeof providerForVersion>[0],
  options: Pick<ImproveOptions, "record" | "replay">,
): ModelProvider {
  if (options.replay) return replayProvider(fileCassette(options.replay));
  const live = providerForVersion(version);
  return options.record ? recordingProvider(live, fileCassette(options.record)) : live;
}
