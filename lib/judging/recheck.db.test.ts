import { describe, expect, it } from "vitest";
import { decide } from "../db/adjudication";
import { approveJudgeVersion, judgeGate, loadJudgeStatus, statusJson } from "./approvals";
import { listAuditEvents } from "../db/audit";
import { db } from "../db/client";
import { lastUserText, startMockLlmServer } from "../providers/mock-server";
import {
  addItemsToLabelSet,
  passFailJudgeSpec,
  recordReplayVerdicts,
  seedJudgeVersion,
  seedLabelSet,
  seedUser,
  type SeedItem,
} from "../testing/seed-judges";
import { gavel } from "../testing/cli";
import { withTestDatabase } from "../testing/test-database";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { recheckJudge, recheckLabelSet } from "./recheck";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

// Passes "good answer", fails everything else, and is fooled by "tricky" good answers.
const server = mockLlmForFile(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const prompt = lastUserText(body);
      return {
        text: prompt.includes("good answer") !== prompt.includes("tricky") ? "PASS: solves it" : "FAIL: does not",
        fingerprint: "fp_one",
      };
    },
  }),
);

function items(prefix: string, good: number, bad: number, tricky = 0, gold: "set" | "none" = "set"): SeedItem[] {
  return [
    ...Array.from({ length: good }, (_, i) => ({
      key: `${prefix}-g${i}`,
      split: "test" as const,
      output: `good answer ${i}${i < tricky ? " tricky" : ""}`,
      gold: gold === "set" ? "pass" : null,
    })),
    ...Array.from({ length: bad }, (_, i) => ({
      key: `${prefix}-b${i}`,
      split: "test" as const,
      output: `bad answer ${i}`,
      gold: gold === "set" ? "fail" : null,
    })),
  ];
}

const spec = (model: string) => passFailJudgeSpec(model, server.baseUrl, "Task: {{task_prompt}}\nOutput: {{output}}\nPASS or FAIL?");

async function calibrated(versionId: string, queueId: string) {
  await runJudgeOnLabelSet({ versionId, queueId, split: "test" });
  return calibrateOnLabelSet({ versionId, queueId, split: "test", actorId: null });
}

const actions = async (versionId: string) =>
  (await listAuditEvents({ targetType: "judge_version", targetId: versionId, limit: 100 })).map((e) => e.action).reverse();

describe("an approval bound to its evidence, through its lifecycle", () => {
  // Several calibrations with bootstraps on a fresh database: 29–38 s measured under load, past the 30 s default.
  it(
    "a calibration elsewhere never changes gating; new gold the judge disagrees with makes it stale, and the recalibration demotes it",
    { timeout: 120_000 },
    async () => {
      const admin = await seedUser("admin-lifecycle@example.com");
      const a = await seedLabelSet({ name: "set-a", kind: "binary", items: items("a", 20, 20) });
      const b = await seedLabelSet({ name: "set-b", kind: "binary", items: items("b", 20, 20, 10) });
      const version = await seedJudgeVersion("lifecycle-judge", spec("lifecycle-model"));

      const onA = await calibrated(version.id, a.queueId);
      await approveJudgeVersion(version.id, admin.id, { queueId: a.queueId });
      const approved = await loadJudgeStatus(version.id);
      expect(statusJson(approved)).toMatchObject({
        version: "lifecycle-judge@1",
        hash: version.hash,
        approved: true,
        gating: true,
        labelSet: "set-a",
        goldVersion: onA.labelSetHash,
        calibrationId: onA.id,
        state: "gating",
      });
      expect(approved.approval!.fingerprint).toBe("fp_one");
      const gatingCli = await gavel(["judge", "status", "lifecycle-judge@1", "--json"], { DATABASE_URL: process.env.DATABASE_URL });
      expect(gatingCli.code).toBe(0);
      expect(JSON.parse(gatingCli.stdout)).toMatchObject({ gating: true, state: "gating", labelSet: "set-a", calibrationId: onA.id });

      // Calibrated on another label set below the bar: shown, allowed, and gating does not move.
      const onB = await calibrated(version.id, b.queueId);
      expect(onB.kappa).toBeCloseTo(0.5, 12);
      expect((await judgeGate(version.id, { queueId: b.queueId })).passed).toBe(false);
      expect(await loadJudgeStatus(version.id)).toMatchObject({
        state: "gating",
        gating: true,
        calibrationId: onA.id,
        labelSet: { name: "set-a" },
      });
      expect((await judgeGate(version.id)).labelSet).toEqual({ id: a.queueId, name: "set-a" });

      // 30 new gold items on A, decided by an adjudicator, every one of which fools the judge. The
      // first decision makes the approval stale at once (it names the change it saw).
      const added = await addItemsToLabelSet(a.queueId, items("new", 30, 0, 30, "none"));
      for (const transcriptId of Object.values(added.transcriptIds))
        await decide({ queueId: a.queueId, transcriptId, value: "pass", adjudicatorId: admin.id });
      const stale = await loadJudgeStatus(version.id);
      expect(stale).toMatchObject({
        state: "stale",
        gating: true,
        reason: expect.stringContaining("the bound gold set changed (1 new gold item) (an adjudication of"),
      });

      const before = server.requests.length;
      const result = await recheckJudge(version.id);
      expect(server.requests.length - before).toBe(30);
      expect(result.recalibration).toMatchObject({ itemsJudged: 30, reused: 40, unreachable: 0 });
      expect(result.status).toMatchObject({ state: "demoted", approved: false, gating: false });
      expect(result.status.reason).toMatch(/^a recalibration on "set-a" missed the bar: κ ≥ 0\.60 \(κ 0\.\d{3}\)$/);

      expect(await actions(version.id)).toEqual(["judge_version.created", "judge.approved", "judge.stale", "judge.demoted"]);
      const demotedCli = await gavel(["judge", "status", "lifecycle-judge@1", "--json"], { DATABASE_URL: process.env.DATABASE_URL });
      expect(demotedCli.code).toBe(1);
      expect(JSON.parse(demotedCli.stdout)).toMatchObject({
        approved: false,
        gating: false,
        state: "demoted",
        labelSet: "set-a",
        calibrationId: null,
      });
      const events = await listAuditEvents({ targetType: "judge_version", targetId: version.id, limit: 100 });
      const byAction = Object.fromEntries(events.map((e) => [e.action, e]));
      expect(byAction["judge.approved"]).toMatchObject({
        actorId: admin.id,
        details: { from: "shadow", to: "gating", labelSet: "set-a", after: { kappa: 1, n: 40 } },
      });
      expect(byAction["judge.stale"]).toMatchObject({
        actorId: null,
        details: { from: "gating", to: "stale", actor: "system", added: 1, changed: 0, removed: 0 },
      });
      const demoted = byAction["judge.demoted"]!;
      expect(demoted).toMatchObject({
        actorId: null,
        details: {
          from: "stale",
          to: "demoted",
          actor: "system",
          itemsJudged: 30,
          verdictsReused: 40,
          before: { kappa: 1, n: 40 },
          after: { n: 70 },
        },
      });
      const after = (demoted.details as { after: { kappa: number } }).after.kappa;
      // 20 true passes, 30 missed passes, 20 true fails: p_o = 40/70, p_e = (20·50 + 50·20)/70² → κ = 0.276.
      expect(after).toBeCloseTo((40 / 70 - 2000 / 4900) / (1 - 2000 / 4900), 12);
      // The calibration that decided it is on A, with its own audit event.
      const calibrations = await listAuditEvents({ action: "calibration.created", limit: 100 });
      expect(
        calibrations
          .filter((e) => (e.details as { judgeVersionId: string }).judgeVersionId === version.id)
          .map((e) => (e.details as { labelSet: string; via: string | null }).labelSet),
      ).toEqual(["set-a", "set-b", "set-a"]);
    },
  );

  it("a recalibration that clears the bar makes it gating again, on the renewed evidence", async () => {
    const admin = await seedUser("admin-renew@example.com");
    const set = await seedLabelSet({ name: "renew", kind: "binary", items: items("r", 20, 20) });
    const version = await seedJudgeVersion("renew-judge", spec("renew-model"));
    const first = await calibrated(version.id, set.queueId);
    await approveJudgeVersion(version.id, admin.id);
    await addItemsToLabelSet(set.queueId, items("more", 5, 5));
    // What the web app does after gold labels change: re-check every judge approved on the set.
    const results = await recheckLabelSet(set.queueId);
    expect(results).toHaveLength(1);
    const result = results[0]!;
    expect(result.recalibration).toMatchObject({ itemsJudged: 10, reused: 40 });
    expect(result.status).toMatchObject({ state: "gating", gating: true });
    expect(result.status.calibrationId).not.toBe(first.id);
    expect(result.status.goldVersion).toBe(result.status.currentGoldVersion);
    expect(await actions(version.id)).toEqual(["judge_version.created", "judge.approved", "judge.stale", "judge.recalibrated"]);
  });

  it("a replay judge without answers for the new items stays stale and gates for the grace period, then stops", async () => {
    const admin = await seedUser("admin-grace@example.com");
    const set = await seedLabelSet({ name: "grace", kind: "binary", items: items("q", 20, 20) });
    const replay = await seedJudgeVersion("grace-judge", { ...spec("recorded-model"), provider: "replay", baseUrl: null });
    await recordReplayVerdicts(replay.id, set.transcriptIds, "recorded");
    await calibrateOnLabelSet({ versionId: replay.id, queueId: set.queueId, split: "test", actorId: null });
    await approveJudgeVersion(replay.id, admin.id);

    await addItemsToLabelSet(set.queueId, items("unrecorded", 3, 3));
    const result = await recheckJudge(replay.id);
    expect(result.recalibration).toMatchObject({ unreachable: 6, calibrationId: null });
    expect(result.status).toMatchObject({ state: "stale", gating: true });
    expect(result.canary).toBeNull();
    const eightDaysOn = await loadJudgeStatus(replay.id, { now: new Date(Date.now() + 8 * 24 * 3_600_000) });
    expect(eightDaysOn).toMatchObject({
      state: "stale",
      approved: true,
      gating: false,
      reason: expect.stringContaining("the 7-day grace period ended"),
    });
    expect(await actions(replay.id)).toEqual(["judge_version.created", "judge.approved", "judge.stale"]);
  });

  it("a stricter gate policy demotes a version whose evidence no longer clears it", async () => {
    const admin = await seedUser("admin-policy@example.com");
    const set = await seedLabelSet({ name: "policy", kind: "binary", items: items("p", 20, 20, 3) });
    const version = await seedJudgeVersion("policy-judge", spec("policy-model"));
    await calibrated(version.id, set.queueId);
    await approveJudgeVersion(version.id, admin.id);
    const { getGatePolicy } = await import("../db/gate-policy");
    const { saveGatePolicy } = await import("./gate-policy");
    const policy = await getGatePolicy();
    try {
      await saveGatePolicy({ ...policy, minKappa: 0.9 }, admin.id);
      expect(await loadJudgeStatus(version.id)).toMatchObject({
        state: "demoted",
        gating: false,
        reason: expect.stringMatching(/^the gate policy changed and its calibration no longer clears the bar: κ ≥ 0\.90 \(κ 0\.850\)$/),
      });
    } finally {
      await db().setting.deleteMany({ where: { key: "judge_gate_policy" } });
    }
  });
});
