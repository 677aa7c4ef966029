import "server-only";
import { loadJudgeStatus, type JudgeStatus } from "./approvals";
import { resolveJudgeVersionRef } from "../db/judges";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps, type CallPolicy } from "../judges/call";
import { judgeOne } from "../judges/judge-one";
import { KIND_FOR_PARSER } from "../judges/kinds";
import { providerForVersion, type ProviderSetup } from "./providers";
import { itemKind, type ItemKind } from "../items/kinds";
import { trialJudgeInput } from "../judges/transcript-input";
import type { JudgeParser } from "../judges/version";
import type { JudgeClient, JudgeRequest } from "../trial/judge";

/**
 * A judge version as the runner's JudgeClient (lib/trial/judge.ts, the one interface).
 * `gavel run --judge X` resolves X once into a client; the runner calls grade() per trial and the
 * judge grader records the result. Whether its verdicts count is decided here, once: `approved` is
 * the version's gating status when the client was made (gating, or stale within its grace period).
 * A client that does not gate still grades; the judge grader marks those verdicts shadow.
 */
export type VersionJudgeClient = JudgeClient & { kind: ItemKind };

export interface JudgeClientOptions {
  /** The status to grade under (a run's re-check just computed it); read from the database when absent. */
  status?: JudgeStatus;
  provider?: ProviderSetup;
  policy?: Partial<CallPolicy>;
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
}

export async function createJudgeClient(ref: string, options: JudgeClientOptions = {}): Promise<VersionJudgeClient> {
  const version = await resolveJudgeVersionRef(ref);
  const status = options.status ?? (await loadJudgeStatus(version.id));
  const parser = version.parser as JudgeParser;
  const provider = options.overrides?.provider ?? providerForVersion(version, options.provider);
  const context = { provider, policy: { ...DEFAULT_CALL_POLICY, ...options.policy }, deps: options.overrides?.deps ?? realCallDeps };
  return {
    versionId: version.id,
    hash: version.hash,
    label: `${version.judge.name} v${version.version} (${version.model})`,
    kind: KIND_FOR_PARSER[parser],
    approved: status.gating,
    approvalReason: status.gating ? status.reason : `${status.state}: ${status.reason}`,
    state: status.state,
    calibrationId: status.gating ? status.calibrationId : null,
    async grade(request: JudgeRequest) {
      // The judge sees the whole trial: prompt, tool calls, output and final state.
      const input = trialJudgeInput(request);
      const outcome = await judgeOne(version, input, "original", context);
      const base = { costUsd: outcome.costUsd ?? undefined };
      if (outcome.status !== "ok" || outcome.value === null) {
        return {
          ...base,
          status: outcome.status === "skipped" ? "skipped" : "error",
          reason: outcome.reason ?? outcome.error ?? outcome.status,
        };
      }
      const reason = outcome.reason ?? "";
      const verdict = itemKind(KIND_FOR_PARSER[parser]).trialVerdict(outcome.value, request.passScore ?? 4);
      return {
        ...base,
        status: verdict.pass ? "pass" : "fail",
        score: verdict.score,
        reason: verdict.says === null ? reason : `${verdict.says}${reason ? `: ${reason}` : ""}`,
      };
    },
  };
}
