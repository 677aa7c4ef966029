import { UserError } from "../errors";
import type { ItemKind } from "../items/kinds";
import { commonFingerprint } from "../providers/fingerprint";
import { backingText, barAboveCeiling, type HumanBacking } from "./human-backing";
import { evaluateGate, type GateCalibration, type GatePolicy, type GateResult, type GateRule } from "./gate";
import { deriveStatus, type ApprovalState, type JudgeState, type JudgeStatusView } from "./lifecycle";

/**
 * Approving a judge version, decided: the gate on one label set, whether an admin's approval may be
 * given, what it binds, and what a version's status is now. Pure: lib/judging reads the evidence
 * through lib/db, calls these once, and writes what they return through lib/db.
 */

/** What the gate on one label set reads: the policy, that set's newest test calibration and its gold set now. */
export interface GateEvidence {
  kind: ItemKind;
  policy: GatePolicy;
  labelSet: { id: string; name: string } | null;
  calibration: (GateCalibration & { createdAt: Date }) | null;
  currentLabelSetHash: string | null;
}

export interface GateOnLabelSet extends GateResult {
  kind: ItemKind;
  labelSet: { id: string; name: string } | null;
  /** When the calibration the rules read was made. */
  calibratedAt: Date | null;
}

export function gateOnLabelSet(evidence: GateEvidence): GateOnLabelSet {
  const result = evaluateGate(evidence.policy, {
    kind: evidence.kind,
    calibration: evidence.calibration,
    currentLabelSetHash: evidence.currentLabelSetHash,
  });
  return { ...result, kind: evidence.kind, labelSet: evidence.labelSet, calibratedAt: evidence.calibration?.createdAt ?? null };
}

/** Everything an approval is decided on, read in one transaction. */
export interface ApprovalEvidence {
  version: { id: string; name: string; version: number; hash: string };
  /** The newest approval (standing or not) and the state it gives the version; null when never approved. */
  previous: { state: ApprovalState; stateChangedAt: Date; stateReason: string | null } | null;
  gate: GateEvidence;
  /** The calibration the gate read, with the numbers the audit event keeps. */
  calibration: {
    id: string;
    createdAt: Date;
    labelSetHash: string;
    n: number;
    kappa: number | null;
    kappaCiLow: number | null;
    kappaCiHigh: number | null;
  } | null;
  /** The label set's rubric version now. */
  rubricVersion: number | null;
  /** The judge's raw answers on the calibration's items (original order, first repeat): the provider's fingerprint. */
  rawResponses: (string | null)[];
  /** How many of the label set's gold test items stand on two reviewers or an adjudication (null: no label set). */
  backing: HumanBacking | null;
  /** The human ceiling (human–human κ) in the calibration the gate read; null when no item has two human labels. */
  ceiling: number | null;
}

export interface ApprovalRequest {
  /** The admin saw that the bar is above the human ceiling and approves anyway. */
  confirmAboveCeiling?: boolean;
}

/** What approving writes: the approval row (less its approver) and the lifecycle move with its audit details. */
export interface ApprovalDecision {
  approval: {
    judgeVersionId: string;
    versionHash: string;
    calibrationId: string;
    queueId: string;
    goldVersion: string;
    rubricVersion: number;
    state: "gating";
    stateReason: string;
    fingerprint: string | null;
    policy: { policy: GatePolicy; rules: GateRule[] };
  };
  transition: { from: JudgeState; to: "gating"; reason: string; details: Record<string, unknown> };
}

/**
 * Approves on the server's own evaluation of every gate rule, whatever the page showed. Refused (409) when
 * an approval already stands, when a rule fails, and after a demotion until a calibration made since.
 * The approval binds the version hash, the label set, its gold version, the calibration and the
 * provider's fingerprint in the calibration's answers.
 */
export function decideApproval(evidence: ApprovalEvidence, request: ApprovalRequest = {}): ApprovalDecision {
  const { version, previous } = evidence;
  const label = `${version.name} v${version.version}`;
  const from: JudgeState = previous ? previous.state : "shadow";
  if (from === "gating" || from === "stale") throw new UserError(`${label} is already approved (${from}).`, 409);
  const gate = gateOnLabelSet(evidence.gate);
  const calibration = evidence.calibration;
  if (!gate.passed || !gate.calibrationId || !gate.labelSet || !calibration || evidence.rubricVersion === null) {
    const failing = gate.rules.filter((r) => !r.passed).map((r) => `${r.label} (${r.actual})`);
    const where = gate.labelSet ? ` on "${gate.labelSet.name}"` : "";
    throw new UserError(`Cannot approve ${label}${where}: ${failing.join("; ")}.`, 409);
  }
  // A demotion is a finding about the evidence: approving again needs a calibration made since.
  if (previous && from === "demoted" && calibration.createdAt <= previous.stateChangedAt) {
    throw new UserError(
      `Cannot approve ${label} on "${gate.labelSet.name}" yet: it was demoted (${previous.stateReason ?? "demoted"}) after its newest calibration there. Run and calibrate it again first.`,
      409,
    );
  }
  // A gating judge is tied to its humans: gold that rests on one person is that person's opinion.
  const backing = evidence.backing;
  if (evidence.gate.policy.requireTwoHumans && (!backing || backing.backed < backing.items)) {
    throw new UserError(
      `Cannot approve ${label} on "${gate.labelSet.name}": every gold item needs at least two independent human labels or an adjudicated label: ${backing ? backingText(backing) : "there are no gold items"}. Have a second reviewer label the rest, or adjudicate them.`,
      409,
    );
  }
  const bar = evidence.gate.policy.minKappa;
  const aboveCeiling = barAboveCeiling(bar, evidence.ceiling);
  if (aboveCeiling && !request.confirmAboveCeiling) {
    throw new UserError(
      `Approving ${label} on "${gate.labelSet.name}" needs confirmation: the κ bar ${bar.toFixed(2)} is above the humans' own agreement (human–human κ ${evidence.ceiling!.toFixed(3)}), so the judge is held to more than its reviewers reach. Confirm to approve anyway (audited).`,
      409,
    );
  }
  const fingerprint = commonFingerprint(evidence.rawResponses);
  const reason = `approved by an admin on "${gate.labelSet.name}"${aboveCeiling ? ` (confirmed with the bar ${bar.toFixed(2)} above the human ceiling ${evidence.ceiling!.toFixed(3)})` : ""}`;
  return {
    approval: {
      judgeVersionId: version.id,
      versionHash: version.hash,
      calibrationId: calibration.id,
      queueId: gate.labelSet.id,
      goldVersion: calibration.labelSetHash,
      rubricVersion: evidence.rubricVersion,
      state: "gating",
      stateReason: reason,
      fingerprint,
      policy: { policy: evidence.gate.policy, rules: gate.rules },
    },
    transition: {
      from,
      to: "gating",
      reason,
      details: {
        judge: version.name,
        version: version.version,
        hash: version.hash,
        labelSet: gate.labelSet.name,
        goldVersion: calibration.labelSetHash,
        calibration: calibration.id,
        fingerprint,
        after: { kappa: calibration.kappa, kappaCiLow: calibration.kappaCiLow, kappaCiHigh: calibration.kappaCiHigh, n: calibration.n },
        rules: gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", "),
        humans: backing ? backingText(backing) : null,
        humanCeiling: evidence.ceiling,
        aboveCeilingConfirmed: aboveCeiling,
      },
    },
  };
}

/** Only a standing approval (gating or stale) can be revoked; the reason the audit event keeps. */
export function decideRevocation(from: JudgeState | null, reason?: string): { from: "gating" | "stale"; reason: string } {
  if (from !== "gating" && from !== "stale") throw new UserError("This version has no standing approval to revoke.", 409);
  return { from, reason: reason?.trim() ? `revoked by an admin: ${reason.trim()}` : "revoked by an admin" };
}

/** The newest approval as the status reads it. */
export interface StatusApproval {
  state: ApprovalState;
  stateReason: string | null;
  staleSince: Date | null;
  goldVersion: string;
  calibrationId: string;
  approvedBy: string;
  labelSet: { id: string; name: string };
}

/**
 * What a version is now (lib/judges/lifecycle.ts `deriveStatus`), with the evidence it stands on: the
 * label set, the gold version measured and the calibration, each only while an approval stands.
 */
export function judgeStatusView(input: {
  approval: StatusApproval | null;
  currentGoldVersion: string | null;
  now: Date;
  graceDays: number;
  gate: GateEvidence;
}) {
  const { approval } = input;
  const gate = gateOnLabelSet(input.gate);
  const view: JudgeStatusView = deriveStatus({
    approval: approval
      ? { state: approval.state, stateReason: approval.stateReason, staleSince: approval.staleSince, goldVersion: approval.goldVersion }
      : null,
    currentGoldVersion: input.currentGoldVersion,
    now: input.now,
    graceDays: input.graceDays,
  });
  const standing = view.approved && approval;
  return {
    ...view,
    reason: view.state === "gating" && approval ? `approved by ${approval.approvedBy} on "${approval.labelSet.name}"` : view.reason,
    labelSet: approval ? approval.labelSet : gate.labelSet,
    goldVersion: standing ? approval.goldVersion : null,
    currentGoldVersion: input.currentGoldVersion,
    calibrationId: standing ? approval.calibrationId : null,
    gate,
  };
}

/** A calibration's numbers as an audit event keeps them. */
export function calibrationNumbers(c: {
  id: string;
  kappa: number | null;
  n: number;
  labelSetHash: string;
  kappaCiLow?: number | null;
  kappaCiHigh?: number | null;
}) {
  return {
    calibration: c.id,
    kappa: c.kappa,
    ci95: c.kappaCiLow != null && c.kappaCiHigh != null ? [c.kappaCiLow, c.kappaCiHigh] : null,
    n: c.n,
    goldVersion: c.labelSetHash,
  };
}

type CalibrationNumbers = Parameters<typeof calibrationNumbers>[0];
const fmt = (v: number | null) => (v === null ? "undefined" : v.toFixed(3));
const failingRules = (gate: GateResult) =>
  gate.rules
    .filter((r) => !r.passed)
    .map((r) => `${r.label} (${r.actual})`)
    .join("; ");
const ruleSummary = (gate: GateResult) => gate.rules.map((r) => `${r.id}: ${r.actual}`).join(", ");

/**
 * A new test calibration on the label set a standing approval is bound to settles it: clearing the bar
 * renews the evidence (gating stays gating with the new calibration, stale goes back to gating), missing
 * it demotes the version. Gavel makes that move (the actor is "system"), whoever ran the calibration.
 */
export function settleApproval(input: {
  from: "gating" | "stale";
  policy: GatePolicy;
  kind: ItemKind;
  /** The new calibration, as the gate reads it and as the audit event keeps it. */
  calibration: GateCalibration & CalibrationNumbers;
  /** The calibration the approval stood on until now. */
  before: CalibrationNumbers;
  labelSet: { name: string; rubricVersion: number };
  judged?: { itemsJudged: number; reused: number };
}):
  | { move: "renew"; evidence: { calibrationId: string; goldVersion: string; rubricVersion: number } }
  | {
      move: "gating" | "demoted";
      reason: string;
      details: Record<string, unknown>;
      evidence?: { calibrationId: string; goldVersion: string; rubricVersion: number };
    } {
  const { calibration, labelSet } = input;
  const gate = evaluateGate(input.policy, { kind: input.kind, calibration, currentLabelSetHash: calibration.labelSetHash });
  const details = {
    labelSet: labelSet.name,
    before: calibrationNumbers(input.before),
    after: calibrationNumbers(calibration),
    ...(input.judged ? { itemsJudged: input.judged.itemsJudged, verdictsReused: input.judged.reused } : {}),
    rules: ruleSummary(gate),
  };
  if (gate.passed) {
    const evidence = { calibrationId: calibration.id, goldVersion: calibration.labelSetHash, rubricVersion: labelSet.rubricVersion };
    if (input.from === "gating") return { move: "renew", evidence };
    return {
      move: "gating",
      reason: `recalibrated on "${labelSet.name}": κ ${fmt(calibration.kappa)} on ${calibration.n} items clears the bar`,
      details,
      evidence,
    };
  }
  return { move: "demoted", reason: `a recalibration on "${labelSet.name}" missed the bar: ${failingRules(gate)}`, details };
}

/**
 * After the gate policy changed: a standing approval whose evidence no longer clears the new bar is demoted
 * (judged on the evidence it was approved on; whether that gold is still current is the stale rule's business).
 * Null when it still clears the bar.
 */
export function policyDemotion(input: {
  policy: GatePolicy;
  kind: ItemKind;
  calibration: GateCalibration & CalibrationNumbers;
  labelSetName: string;
}): { reason: string; details: Record<string, unknown> } | null {
  const gate = evaluateGate(input.policy, {
    kind: input.kind,
    calibration: input.calibration,
    currentLabelSetHash: input.calibration.labelSetHash,
  });
  if (gate.passed) return null;
  return {
    reason: `the gate policy changed and its calibration no longer clears the bar: ${failingRules(gate)}`,
    details: { labelSet: input.labelSetName, before: calibrationNumbers(input.calibration), rules: ruleSummary(gate) },
  };
}
