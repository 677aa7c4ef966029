/**
 * The judge lifecycle, in one place (DESIGN.md, "Gates"): a version is
 *
 * - `shadow`: never approved (or only by approvals that no longer stand): its verdicts are recorded, never counted;
 * - `gating`: an admin approved it on a label set and the bound gold set is what it was measured on;
 * - `stale`: the bound gold set changed since (new gold labels, an adjudication, a new rubric version).
 *   Gavel recalibrates on the bound set by itself and the result decides; while it cannot (no key, a
 *   replay judge without answers for the new items) the version keeps gating for the policy's grace period;
 * - `demoted`: a recalibration or a canary re-check missed the bar (automatic);
 * - `revoked`: an admin withdrew the approval.
 *
 * Pure: the database layer stores an approval's state and calls {@link assertTransition} before
 * every move; {@link deriveStatus} turns the stored state and today's gold set into what a run, a
 * page or `gavel judge status` shows.
 */
export const JUDGE_STATES = ["shadow", "gating", "stale", "demoted", "revoked"] as const;
export type JudgeState = (typeof JUDGE_STATES)[number];
/** The states an approval row can hold (shadow is the absence of a standing approval). */
export type ApprovalState = Exclude<JudgeState, "shadow">;

/** Every move the lifecycle allows. Approving again (from demoted or revoked) starts a new approval. */
export const TRANSITIONS: Readonly<Record<JudgeState, readonly JudgeState[]>> = {
  shadow: ["gating"],
  gating: ["stale", "demoted", "revoked"],
  stale: ["gating", "demoted", "revoked"],
  demoted: ["gating", "revoked"],
  revoked: ["gating"],
};

export function canTransition(from: JudgeState, to: JudgeState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: JudgeState, to: JudgeState): void {
  if (!canTransition(from, to)) throw new Error(`A judge version cannot move from ${from} to ${to}.`);
}

/** The audit action that records each move into a state. */
export const TRANSITION_ACTION = {
  gating: "judge.approved",
  stale: "judge.stale",
  demoted: "judge.demoted",
  revoked: "judge.revoked",
} as const satisfies Record<ApprovalState, string>;

/** stale → gating is a recalibration that cleared the bar, not an approval: it has its own action. */
export const RESTORED_ACTION = "judge.recalibrated";

export function transitionAction(from: JudgeState, to: ApprovalState): string {
  return from === "stale" && to === "gating" ? RESTORED_ACTION : TRANSITION_ACTION[to];
}

export interface StoredApproval {
  state: ApprovalState;
  stateReason: string | null;
  staleSince: Date | null;
  /** The gold version (label-set hash) the approval's calibration measured. */
  goldVersion: string | null;
}

export interface StatusInput {
  approval: StoredApproval | null;
  /** The bound test split's label-set hash now; null when it has no gold labels (a new rubric version). */
  currentGoldVersion: string | null;
  now: Date;
  graceDays: number;
}

export interface JudgeStatusView {
  state: JudgeState;
  /** An admin approval stands (gating or stale): not revoked, not demoted. */
  approved: boolean;
  /** May its verdicts count now? */
  gating: boolean;
  reason: string;
  /** Stale only: when gating stops unless a recalibration decides first. */
  graceEndsAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function graceEnd(staleSince: Date, graceDays: number): Date {
  return new Date(staleSince.getTime() + graceDays * DAY_MS);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * What a version is now. A gating approval whose bound gold set no longer matches is stale from
 * this moment even before anything recorded it, so no reader ever counts a judge against gold it
 * was not measured on without saying so.
 */
export function deriveStatus(input: StatusInput): JudgeStatusView {
  const { approval, now } = input;
  if (!approval)
    return {
      state: "shadow",
      approved: false,
      gating: false,
      reason: "never approved by an admin: verdicts are shadow",
      graceEndsAt: null,
    };
  if (approval.state === "revoked" || approval.state === "demoted") {
    return { state: approval.state, approved: false, gating: false, reason: approval.stateReason ?? approval.state, graceEndsAt: null };
  }
  const changed = approval.goldVersion === null || approval.goldVersion !== input.currentGoldVersion;
  if (approval.state === "gating" && !changed)
    return { state: "gating", approved: true, gating: true, reason: approval.stateReason ?? "approved", graceEndsAt: null };
  const since = approval.state === "stale" && approval.staleSince ? approval.staleSince : now;
  const ends = graceEnd(since, input.graceDays);
  const within = now.getTime() < ends.getTime();
  const why = approval.state === "stale" && approval.stateReason ? approval.stateReason : "the bound gold set changed since the approval";
  return {
    state: "stale",
    approved: true,
    gating: within,
    reason: within
      ? `${why}; gating continues until ${day(ends)} unless a recalibration decides first`
      : `${why}; the ${input.graceDays}-day grace period ended on ${day(ends)} without a recalibration`,
    graceEndsAt: ends,
  };
}

/** How the gold set moved between two sets of (item, gold value) pairs: what a stale reason names. */
export function goldChange(
  before: readonly { transcriptId: string; gold: string }[],
  after: readonly { transcriptId: string; value: string }[],
) {
  const old = new Map(before.map((p) => [p.transcriptId, p.gold]));
  const now = new Map(after.map((g) => [g.transcriptId, g.value]));
  let added = 0;
  let changed = 0;
  for (const [id, value] of now) {
    if (!old.has(id)) added++;
    else if (old.get(id) !== value) changed++;
  }
  const removed = [...old.keys()].filter((id) => !now.has(id)).length;
  return { added, changed, removed };
}

export function describeGoldChange(
  change: { added: number; changed: number; removed: number },
  rubric?: { from: number | null; to: number },
): string {
  const parts: string[] = [];
  if (rubric && rubric.from !== null && rubric.from !== rubric.to) parts.push(`rubric version ${rubric.from} → ${rubric.to}`);
  if (change.added) parts.push(`${change.added} new gold item${change.added === 1 ? "" : "s"}`);
  if (change.changed) parts.push(`${change.changed} changed`);
  if (change.removed) parts.push(`${change.removed} gone`);
  return `the bound gold set changed (${parts.join(", ") || "its hash differs"})`;
}
