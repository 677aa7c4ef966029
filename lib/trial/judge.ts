import type { Step, VerdictStatus } from "./types";

/**
 * The seam between the runner and the LLM judges. The judges module builds a JudgeClient from a
 * pinned JudgeVersion (provider, model, prompt, params) and the run passes it in RunDeps; the
 * runner knows nothing about providers.
 *
 * A client whose version is not approved still grades: its verdicts are recorded with
 * shadow = true and never counted (DESIGN.md, "Gates").
 */
export interface JudgeClient {
  /** The JudgeVersion row id (stored on Run and GraderResult). */
  versionId: string;
  /** The version's identity: the hash of provider, model, prompt, params and parser. */
  hash: string;
  /** Human name for reports, e.g. "helpfulness v3". */
  label: string;
  /** Approved by an admin and cleared the agreement bar: only then do its verdicts count. */
  approved: boolean;
  /** Why it is or is not approved, for the run summary. */
  approvalReason?: string;
  /** Its lifecycle state when the run started (shadow, gating, stale, demoted, revoked): the run stores it. */
  state?: string;
  /** The calibration behind its gating when the run started (null when it did not gate). */
  calibrationId?: string | null;
  grade(request: JudgeRequest, signal?: AbortSignal): Promise<JudgeResponse>;
}

export interface JudgeRequest {
  taskId: string;
  prompt: string;
  /** What a good answer looks like (the task's `rubric`). */
  rubric: string | null;
  output: string | null;
  trajectory: readonly Step[];
  /** The sandbox's state when the trial ended (null without a sandbox). */
  finalState?: unknown;
  /** Graded judges: the lowest score that passes (the judge grader's pass_score). */
  passScore?: number;
}

export interface JudgeResponse {
  status: VerdictStatus;
  score?: number;
  reason: string;
  costUsd?: number;
}

/** How a run describes its judge in the run record. */
export function describeJudge(judge: JudgeClient | undefined) {
  return judge
    ? {
        versionId: judge.versionId,
        hash: judge.hash,
        label: judge.label,
        approved: judge.approved,
        approvalReason: judge.approvalReason ?? null,
        state: judge.state ?? null,
        calibrationId: judge.calibrationId ?? null,
      }
    : null;
}
