import "server-only";
import { loadJudgeStatus, type JudgeStatus } from "../db/approvals";
import { resolveJudgeVersionRef } from "../db/judges";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps, type CallPolicy } from "./call";
import { judgeOne } from "./judge-one";
import { KIND_FOR_PARSER } from "./kinds";
import { providerForVersion, type ProviderSetup } from "./providers";
import type { JudgeInput } from "./request";
import type { JudgeParser } from "./version";

/**
 * The judge side of the runner's seam. `gavel run --judge X` resolves X once into a client; the
 * runner calls grade() per trial and records the result. A client whose version does not gate
 * (shadow, demoted, revoked, or stale past its grace period) still grades, and every grade says
 * shadow: true, so the runner records it and does not count it.
 */
export interface JudgeGradeInput extends JudgeInput {
  /** Graded judges: the lowest score that counts as a pass (default 4 on a 1–5 scale). */
  passScore?: number;
}

export interface JudgeGrade {
  status: "pass" | "fail" | "skipped" | "error";
  /** In [0, 1]: pass = 1, fail = 0; a 1–5 score s as (s − 1) / 4. Absent unless a verdict was given. */
  score?: number;
  reason: string;
  /** True when the version may not gate: record the verdict, never count it. */
  shadow: boolean;
  judgeVersionId: string;
  judgeVersionHash: string;
  /** The judge's own answer: pass | fail, 1..5, A | B. */
  value: string | null;
  requestHash: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  latencyMs: number | null;
}

export interface JudgeClient {
  versionId: string;
  hash: string;
  /** "name v3 (model)". */
  label: string;
  kind: "binary" | "graded" | "pairwise";
  /** May gate: its verdicts count (the lifecycle state is gating, or stale within its grace period). */
  approved: boolean;
  /** Why it may or may not gate, for the run summary. */
  approvalReason: string;
  /** The lifecycle state when the client was made, and the calibration behind it when it gates: what a run stores. */
  state: JudgeStatus["state"];
  calibrationId: string | null;
  grade(input: JudgeGradeInput): Promise<JudgeGrade>;
}

export interface JudgeClientOptions {
  /** The status to grade under (a run's re-check just computed it); read from the database when absent. */
  status?: JudgeStatus;
  provider?: ProviderSetup;
  policy?: Partial<CallPolicy>;
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
}

export async function createJudgeClient(ref: string, options: JudgeClientOptions = {}): Promise<JudgeClient> {
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
    async grade(input) {
      const outcome = await judgeOne(version, input, "original", context);
      const base = {
        shadow: !status.gating,
        judgeVersionId: version.id,
        judgeVersionHash: version.hash,
        value: outcome.value,
        requestHash: outcome.requestHash,
        tokensIn: outcome.tokensIn,
        tokensOut: outcome.tokensOut,
        costUsd: outcome.costUsd,
        latencyMs: outcome.latencyMs,
      };
      if (outcome.status !== "ok" || outcome.value === null) {
        return { ...base, status: outcome.status === "skipped" ? "skipped" : "error", reason: outcome.reason ?? outcome.error ?? outcome.status };
      }
      const reason = outcome.reason ?? "";
      if (parser === "pass_fail") return { ...base, status: outcome.value === "pass" ? "pass" : "fail", score: outcome.value === "pass" ? 1 : 0, reason };
      if (parser === "pairwise") return { ...base, status: outcome.value === "A" ? "pass" : "fail", score: outcome.value === "A" ? 1 : 0, reason: `prefers ${outcome.value}${reason ? `: ${reason}` : ""}` };
      const score = Number(outcome.value);
      const passScore = input.passScore ?? 4;
      return { ...base, status: score >= passScore ? "pass" : "fail", score: (score - 1) / 4, reason: `score ${score}/5${reason ? `: ${reason}` : ""}` };
    },
  };
}
