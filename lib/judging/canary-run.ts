import "server-only";
import { isRecordedProvider } from "../providers/registry";
import pLimit from "p-limit";
import { boundQueueId } from "../db/approvals";
import type { JudgeStatus } from "./approvals";
import { statsOf } from "../db/calibrations";
import { latestCanaryCheck, saveCanaryCheck } from "../db/canary";
import { getGatePolicy } from "../db/gate-policy";
import { getJudgeVersion } from "../db/judges";
import { loadGoldSplit } from "../db/label-sets";
import { commonFingerprint, responseFingerprint } from "../providers/fingerprint";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps, type CallPolicy } from "../judges/call";
import { canaryHolds, canarySample, evaluateCanary, type CanaryPair } from "../judges/canary";
import { judgeOne, type VerdictOutcome } from "../judges/judge-one";
import { providerForVersion, type ProviderSetup } from "./providers";
import { toJudgeInput } from "../judges/transcript-input";

/**
 * The canary re-check, wired to the database and the provider. A gating version re-judges a
 * stratified sample of its bound gold test set; a passed canary holds for the policy's period while
 * one probe call shows the provider still answering with the same fingerprint. When the fingerprint
 * moved, the whole canary runs again at once, and a canary below the bar demotes the version.
 */
export interface CanaryOptions {
  now?: Date;
  provider?: ProviderSetup;
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
  policy?: Partial<CallPolicy>;
  concurrency?: number;
}

export type CanaryOutcome =
  | { outcome: "passed" | "failed" | "inconclusive"; reason: string; demoted: boolean; checkId: string; fingerprint: string | null }
  | { outcome: "cached" | "not run"; reason: string; demoted: false };

export async function runCanary(status: JudgeStatus, options: CanaryOptions = {}): Promise<CanaryOutcome> {
  const now = options.now ?? new Date();
  const approval = status.approval;
  if (status.state !== "gating" || !approval)
    return { outcome: "not run", reason: `the version is ${status.state}, not gating`, demoted: false };
  const [version, policy] = await Promise.all([getJudgeVersion(status.versionId), getGatePolicy()]);
  if (!version) return { outcome: "not run", reason: "no such version", demoted: false };
  if (isRecordedProvider(version.provider))
    return { outcome: "not run", reason: "a replay judge answers from recordings: it has no canary to run", demoted: false };
  if (policy.canaryItems === 0) return { outcome: "not run", reason: "the gate policy has no canary", demoted: false };

  const loaded = await loadGoldSplit(boundQueueId(approval), "test");
  if (!loaded || loaded.gold.length === 0)
    return { outcome: "not run", reason: "the bound label set has no gold test items", demoted: false };
  const byId = new Map(loaded.gold.map((g) => [g.transcriptId, g]));
  const sample = canarySample(
    loaded.gold.map((g) => ({ transcriptId: g.transcriptId, gold: g.value })),
    policy.canaryItems,
    approval.id,
  );
  const approved = new Map(statsOf(approval.calibration).pairs.map((p) => [p.transcriptId, p.judge]));
  const context = {
    provider: options.overrides?.provider ?? providerForVersion(version, options.provider),
    policy: { ...DEFAULT_CALL_POLICY, ...options.policy },
    deps: options.overrides?.deps ?? realCallDeps,
  };
  const ask = (transcriptId: string) =>
    judgeOne(version, toJudgeInput(byId.get(transcriptId)!.transcript, loaded.queue.rubric), "original", context);

  const last = await latestCanaryCheck(approval.id);
  const answers = new Map<string, VerdictOutcome>();
  const baseline = approval.fingerprint ?? last?.fingerprint ?? null;
  if (last?.outcome === "passed") {
    // One call says whether the model behind the name is still the one the cached canary saw.
    const probe = await ask(sample[0]!.transcriptId);
    const seen = responseFingerprint(probe.rawResponse);
    if (canaryHolds(last, now, policy.canaryCacheHours, seen)) {
      const age = Math.round((now.getTime() - last.createdAt.getTime()) / 60_000);
      return {
        outcome: "cached",
        reason: `passed ${age} min ago (fingerprint ${seen ?? "not reported"}); holds for ${policy.canaryCacheHours} h`,
        demoted: false,
      };
    }
    answers.set(sample[0]!.transcriptId, probe);
  }
  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  await Promise.all(
    sample
      .filter((s) => !answers.has(s.transcriptId))
      .map((s) => limit(async () => answers.set(s.transcriptId, await ask(s.transcriptId)))),
  );

  const pairs: CanaryPair[] = sample.map((s) => {
    const answer = answers.get(s.transcriptId)!;
    return {
      transcriptId: s.transcriptId,
      gold: s.gold,
      approved: approved.get(s.transcriptId) ?? null,
      canary: answer.status === "ok" ? answer.value : null,
    };
  });
  const fingerprint = commonFingerprint([...answers.values()].map((a) => a.rawResponse));
  const result = evaluateCanary(status.kind, pairs, { minKappa: policy.minKappa, maxFlipRate: policy.canaryMaxFlipRate });
  const outcome = result.passed === null ? "inconclusive" : result.passed ? "passed" : "failed";
  const moved =
    baseline !== null && fingerprint !== null && fingerprint !== baseline
      ? `the provider's fingerprint changed (${baseline} → ${fingerprint})`
      : null;
  const numbers = `κ ${fmt(result.kappa)}${result.ci95 ? ` [${fmt(result.ci95[0])}, ${fmt(result.ci95[1])}]` : ""} on ${result.n} items, ${result.flipped} of ${result.compared} verdicts changed`;
  const unreached = [...answers.values()].filter((a) => a.unreachable).length;
  const reason =
    outcome === "failed"
      ? `${moved ? `${moved}; ` : ""}${result.reasons.join("; ")}`
      : outcome === "inconclusive"
        ? `the judge could not be called on the canary (${unreached} of ${sample.length} calls got no answer): the version keeps gating on its calibration`
        : `${numbers}${moved ? `; ${moved}` : ""}`;
  const saved = await saveCanaryCheck({
    approval,
    outcome,
    result,
    pairs,
    fingerprint,
    baselineFingerprint: baseline,
    reason,
    now: options.now,
    about: { judge: version.judge.name, version: version.version, labelSet: loaded.queue.name },
  });
  return { outcome, reason, demoted: saved.demoted, checkId: saved.check.id, fingerprint };
}

const fmt = (v: number | null) => (v === null ? "undefined" : v.toFixed(3));
