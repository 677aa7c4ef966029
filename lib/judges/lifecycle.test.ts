import { describe, expect, it } from "vitest";
import {
  canTransition,
  deriveStatus,
  describeGoldChange,
  goldChange,
  JUDGE_STATES,
  transitionAction,
  type StoredApproval,
} from "./lifecycle";

const now = new Date("2026-12-10T12:00:00Z");
const gating: StoredApproval = { state: "gating", stateReason: "approved", staleSince: null, goldVersion: "g1" };

describe("the lifecycle's moves", () => {
  it("allows exactly the moves the design names", () => {
    const allowed = JUDGE_STATES.flatMap((from) => JUDGE_STATES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual([
      "shadow→gating",
      "gating→stale",
      "gating→demoted",
      "gating→revoked",
      "stale→gating",
      "stale→demoted",
      "stale→revoked",
      "demoted→gating",
      "demoted→revoked",
      "revoked→gating",
    ]);
    expect(canTransition("shadow", "demoted")).toBe(false);
    expect(canTransition("revoked", "stale")).toBe(false);
  });

  it("names one audit action per move; stale → gating is a recalibration, not an approval", () => {
    expect(transitionAction("shadow", "gating")).toBe("judge.approved");
    expect(transitionAction("demoted", "gating")).toBe("judge.approved");
    expect(transitionAction("stale", "gating")).toBe("judge.recalibrated");
    expect(transitionAction("gating", "stale")).toBe("judge.stale");
    expect(transitionAction("stale", "demoted")).toBe("judge.demoted");
    expect(transitionAction("gating", "revoked")).toBe("judge.revoked");
  });
});

describe("deriveStatus", () => {
  const derive = (approval: StoredApproval | null, current: string | null, graceDays = 7, at = now) =>
    deriveStatus({ approval, currentGoldVersion: current, now: at, graceDays });

  it("is shadow without an approval, gating while the bound gold set is the approved one", () => {
    expect(derive(null, "g1")).toMatchObject({ state: "shadow", approved: false, gating: false });
    expect(derive(gating, "g1")).toMatchObject({ state: "gating", approved: true, gating: true, graceEndsAt: null });
  });

  it("is stale the moment the gold set differs, gating for the grace period from when it was first seen", () => {
    const unnoticed = derive(gating, "g2");
    expect(unnoticed).toMatchObject({ state: "stale", gating: true });
    expect(unnoticed.graceEndsAt).toEqual(new Date("2026-12-17T12:00:00Z"));
    const stale: StoredApproval = {
      state: "stale",
      stateReason: "the bound gold set changed (3 new gold items)",
      staleSince: new Date("2026-12-05T00:00:00Z"),
      goldVersion: "g1",
    };
    const within = derive(stale, "g2");
    expect(within).toMatchObject({ state: "stale", approved: true, gating: true });
    expect(within.reason).toBe(
      "the bound gold set changed (3 new gold items); gating continues until 2026-12-12 unless a recalibration decides first",
    );
    const over = derive(stale, "g2", 7, new Date("2026-12-12T00:00:00Z"));
    expect(over).toMatchObject({ state: "stale", approved: true, gating: false });
    expect(over.reason).toContain("the 7-day grace period ended on 2026-12-12 without a recalibration");
    expect(derive(stale, "g2", 0)).toMatchObject({ gating: false });
  });

  it("a bound set with no gold now (a new rubric version) is a change too", () => {
    expect(derive(gating, null)).toMatchObject({ state: "stale" });
  });

  it("never gates when demoted or revoked, whatever the gold set", () => {
    expect(derive({ ...gating, state: "demoted", stateReason: "canary failed" }, "g1")).toMatchObject({
      state: "demoted",
      approved: false,
      gating: false,
      reason: "canary failed",
    });
    expect(derive({ ...gating, state: "revoked", stateReason: null }, "g1")).toMatchObject({ state: "revoked", gating: false });
  });
});

describe("goldChange", () => {
  it("counts new, changed and gone items against the approved calibration's pairs", () => {
    const change = goldChange(
      [
        { transcriptId: "a", gold: "pass" },
        { transcriptId: "b", gold: "fail" },
        { transcriptId: "c", gold: "pass" },
      ],
      [
        { transcriptId: "a", value: "pass" },
        { transcriptId: "b", value: "pass" },
        { transcriptId: "d", value: "fail" },
        { transcriptId: "e", value: "fail" },
      ],
    );
    expect(change).toEqual({ added: 2, changed: 1, removed: 1 });
    expect(describeGoldChange(change, { from: 1, to: 2 })).toBe(
      "the bound gold set changed (rubric version 1 → 2, 2 new gold items, 1 changed, 1 gone)",
    );
    expect(describeGoldChange({ added: 0, changed: 0, removed: 0 })).toBe("the bound gold set changed (its hash differs)");
  });
});
