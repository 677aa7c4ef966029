import { describe, expect, it } from "vitest";
import { decideApproval, decideRevocation, judgeStatusView, policyDemotion, settleApproval, type ApprovalEvidence } from "./approval";
import { DEFAULT_GATE_POLICY } from "./gate-policy";

const calibration = {
  id: "cal-1",
  split: "test",
  labelSetHash: "gold-1",
  n: 40,
  kappa: 0.8,
  kappaCiLow: 0.7,
  kappaCiHigh: 0.9,
  tpr: null,
  tnr: null,
  classCounts: { A: 20, B: 20 },
  flipRate: null,
  createdAt: new Date("2026-12-01T10:00:00Z"),
};

const evidence = (over: Partial<ApprovalEvidence> = {}): ApprovalEvidence => ({
  version: { id: "v1", name: "pairs", version: 2, hash: "h" },
  previous: null,
  gate: {
    kind: "pairwise",
    policy: DEFAULT_GATE_POLICY,
    labelSet: { id: "q1", name: "LLMBar Natural" },
    calibration,
    currentLabelSetHash: "gold-1",
  },
  calibration,
  rubricVersion: 1,
  rawResponses: [],
  backing: { items: 40, backed: 40, singleReviewer: 0, noLabels: 0 },
  ceiling: 0.75,
  ...over,
});

describe("decideApproval", () => {
  it("binds the calibration, the label set and its gold version, and moves shadow → gating", () => {
    const decision = decideApproval(evidence());
    expect(decision.approval).toMatchObject({ calibrationId: "cal-1", queueId: "q1", goldVersion: "gold-1", state: "gating" });
    expect(decision.transition).toMatchObject({ from: "shadow", to: "gating", reason: 'approved by an admin on "LLMBar Natural"' });
  });

  it("refuses a version already approved, a failing gate, and a demotion newer than the calibration", () => {
    const at = new Date("2026-12-01T11:00:00Z");
    expect(() => decideApproval(evidence({ previous: { state: "stale", stateChangedAt: at, stateReason: null } }))).toThrow(
      "pairs v2 is already approved (stale).",
    );
    const weak = { ...calibration, kappa: 0.2 };
    expect(() => decideApproval(evidence({ gate: { ...evidence().gate, calibration: weak }, calibration: weak }))).toThrow(
      /Cannot approve pairs v2 on "LLMBar Natural": .*κ/,
    );
    expect(() => decideApproval(evidence({ previous: { state: "demoted", stateChangedAt: at, stateReason: "canary" } }))).toThrow(
      /it was demoted \(canary\) after its newest calibration there/,
    );
  });

  it("refuses gold that rests on one reviewer, unless the policy allows it", () => {
    const single = { items: 40, backed: 30, singleReviewer: 8, noLabels: 2 };
    expect(() => decideApproval(evidence({ backing: single }))).toThrow(
      'Cannot approve pairs v2 on "LLMBar Natural": every gold item needs at least two independent human labels or an adjudicated label: 30 of 40 gold items have that; 8 rest on one reviewer, 2 have no human label in Gavel. Have a second reviewer label the rest, or adjudicate them.',
    );
    const relaxed = { ...evidence().gate, policy: { ...DEFAULT_GATE_POLICY, requireTwoHumans: false } };
    expect(decideApproval(evidence({ backing: single, gate: relaxed })).approval.state).toBe("gating");
  });

  it("asks the admin to confirm when the bar is above the human ceiling, and records that they did", () => {
    expect(() => decideApproval(evidence({ ceiling: 0.596 }))).toThrow(
      /needs confirmation: the κ bar 0\.60 is above the humans' own agreement \(human–human κ 0\.596\)/,
    );
    const confirmed = decideApproval(evidence({ ceiling: 0.596 }), { confirmAboveCeiling: true });
    expect(confirmed.transition.reason).toBe(
      'approved by an admin on "LLMBar Natural" (confirmed with the bar 0.60 above the human ceiling 0.596)',
    );
    expect(confirmed.transition.details).toMatchObject({ humanCeiling: 0.596, aboveCeilingConfirmed: true });
    // An unknown ceiling (no item with two labels) is not a reason to stop: the backing rule already speaks.
    expect(decideApproval(evidence({ ceiling: null })).transition.details).toMatchObject({ aboveCeilingConfirmed: false });
  });

  it("revokes only a standing approval", () => {
    expect(decideRevocation("gating", " drift ")).toEqual({ from: "gating", reason: "revoked by an admin: drift" });
    expect(() => decideRevocation("demoted")).toThrow("This version has no standing approval to revoke.");
  });
});

describe("settling a standing approval", () => {
  const input = {
    policy: DEFAULT_GATE_POLICY,
    kind: "pairwise" as const,
    calibration,
    before: { ...calibration, id: "cal-0" },
    labelSet: { name: "LLMBar Natural", rubricVersion: 1 },
  };

  it("renews a gating approval, restores a stale one, demotes on a miss", () => {
    expect(settleApproval({ ...input, from: "gating" })).toEqual({
      move: "renew",
      evidence: { calibrationId: "cal-1", goldVersion: "gold-1", rubricVersion: 1 },
    });
    expect(settleApproval({ ...input, from: "stale" })).toMatchObject({ move: "gating", evidence: { calibrationId: "cal-1" } });
    expect(settleApproval({ ...input, from: "stale", calibration: { ...calibration, kappa: 0.1 } })).toMatchObject({ move: "demoted" });
  });

  it("a new policy demotes only evidence that no longer clears it", () => {
    const base = { kind: "pairwise" as const, calibration, labelSetName: "LLMBar Natural" };
    expect(policyDemotion({ ...base, policy: DEFAULT_GATE_POLICY })).toBeNull();
    expect(policyDemotion({ ...base, policy: { ...DEFAULT_GATE_POLICY, minKappa: 0.9 } })?.reason).toMatch(/no longer clears the bar/);
  });
});

describe("judgeStatusView", () => {
  it("is shadow without an approval, gating on the gold it measured, and names the approver", () => {
    const gate = evidence().gate;
    const now = new Date("2026-12-02T00:00:00Z");
    expect(judgeStatusView({ approval: null, currentGoldVersion: null, now, graceDays: 7, gate })).toMatchObject({
      state: "shadow",
      labelSet: { id: "q1" },
      calibrationId: null,
    });
    const approval = {
      state: "gating" as const,
      stateReason: null,
      staleSince: null,
      goldVersion: "gold-1",
      calibrationId: "cal-1",
      approvedBy: "admin@example.com",
      labelSet: { id: "q1", name: "LLMBar Natural" },
    };
    expect(judgeStatusView({ approval, currentGoldVersion: "gold-1", now, graceDays: 7, gate })).toMatchObject({
      state: "gating",
      gating: true,
      reason: 'approved by admin@example.com on "LLMBar Natural"',
      goldVersion: "gold-1",
      calibrationId: "cal-1",
    });
  });
});
