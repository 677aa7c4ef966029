import { describe, expect, it } from "vitest";
import { latestCalibration } from "../db/calibrations";
import { startPassFailJudge } from "../providers/mock-server";
import { changeGold, passFailJudgeSpec, seedJudgeVersion, seedLabelSet, seedUser, type SeedItem } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { approveJudgeVersion, gatesByLabelSet, judgeGate, loadJudgeStatus, loadStatusAndGates } from "./approvals";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { judgeOverview } from "./overview";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

const server = mockLlmForFile(() => startPassFailJudge((prompt) => prompt.includes("good answer")));

const items = (prefix: string, n: number): SeedItem[] =>
  Array.from({ length: n }, (_, i) => [
    { key: `${prefix}-g${i}`, split: "test" as const, output: `good answer ${i}`, gold: "pass" },
    { key: `${prefix}-b${i}`, split: "test" as const, output: `bad answer ${i}`, gold: "fail" },
  ]).flat();

const spec = (model: string) => passFailJudgeSpec(model, server.baseUrl);

async function calibrate(versionId: string, queueId: string, actorId: string) {
  await runJudgeOnLabelSet({ versionId, queueId, split: "test", concurrency: 4 });
  return calibrateOnLabelSet({ versionId, queueId, split: "test", actorId });
}

/**
 * Two reads of the same status agree, except that a stale approval not yet recorded as stale starts
 * its grace period at the moment of reading (lib/judges/lifecycle.ts), so that end moves by the time
 * between the reads.
 */
function expectSameStatus(got: { graceEndsAt: Date | null }, want: { graceEndsAt: Date | null }) {
  const { graceEndsAt: gotEnd, ...gotRest } = got;
  const { graceEndsAt: wantEnd, ...wantRest } = want;
  expect(gotRest).toEqual(wantRest);
  expect(gotEnd === null).toBe(wantEnd === null);
  if (gotEnd && wantEnd) expect(Math.abs(gotEnd.getTime() - wantEnd.getTime())).toBeLessThan(60_000);
}

describe("the Judges overview", () => {
  it("reads every shown version's status and gate calibration in one batch, the same as one at a time, a page at a time", async () => {
    const admin = await seedUser("admin-overview@example.com");
    const big = await seedLabelSet({ name: "overview-big", kind: "binary", items: items("big", 20) });
    const small = await seedLabelSet({ name: "overview-small", kind: "binary", items: items("small", 8) });
    // alpha: v1 approved on the big set then its gold changed (stale), v2 newest and only calibrated on the small set.
    const alpha1 = await seedJudgeVersion("overview-alpha", spec("model-1"));
    await calibrate(alpha1.id, big.queueId, admin.id);
    await approveJudgeVersion(alpha1.id, admin.id, { queueId: big.queueId });
    await changeGold(big.queueId, big.transcriptIds["big-g0"]!, "fail");
    const alpha2 = await seedJudgeVersion("overview-alpha", spec("model-2"));
    await calibrate(alpha2.id, small.queueId, admin.id);
    await calibrate(alpha2.id, big.queueId, admin.id);
    // beta: never calibrated.
    const beta = await seedJudgeVersion("overview-beta", spec("model-beta"));

    const { judges, total } = await judgeOverview({ query: "overview-" });
    expect(total).toBe(2);
    const shown = judges.flatMap((j) => j.rows.map((r) => ({ judge: j.judge.name, ...r })));
    // The version that gates (v1, stale: still gating in its grace period) leads its judge; the others follow it.
    expect(shown.map((r) => [r.judge, r.version.version, r.latest])).toEqual([
      ["overview-alpha", 1, false],
      ["overview-alpha", 2, true],
      ["overview-beta", 1, true],
    ]);
    for (const row of shown) {
      expectSameStatus(row.status, await loadJudgeStatus(row.version.id));
      const expected = row.status.labelSet ? await latestCalibration(row.version.id, "test", row.status.labelSet.id) : null;
      expect(row.calibration?.id ?? null).toBe(expected?.id ?? null);
    }
    const [v1, v2, b] = shown;
    expect(v1!.status).toMatchObject({ state: "stale", labelSet: { name: "overview-big" } });
    expect(v2!.status).toMatchObject({ state: "shadow", labelSet: { name: "overview-big" } });
    expect(b!.version.id).toBe(beta.id);
    expect(b!.status).toMatchObject({ state: "shadow", labelSet: null });
    expect(b!.calibration).toBeNull();

    // The version page's batch gives the same gates as one label set at a time.
    const page = await loadStatusAndGates(alpha2.id);
    expectSameStatus(page.status, await loadJudgeStatus(alpha2.id));
    expect(page.byLabelSet.map((g) => g.gate)).toEqual(await gatesByLabelSet(alpha2.id));
    for (const { gate, calibration } of page.byLabelSet) {
      expect(gate).toEqual(await judgeGate(alpha2.id, { queueId: gate.labelSet!.id }));
      expect(calibration!.id).toBe((await latestCalibration(alpha2.id, "test", gate.labelSet!.id))!.id);
    }

    // Filtered and paged by judge name.
    expect((await judgeOverview({ query: "overview-beta" })).judges.map((j) => j.judge.name)).toEqual(["overview-beta"]);
    expect((await judgeOverview({ query: "overview-", page: 2 })).judges).toEqual([]);
    expect((await judgeOverview({ query: "no such judge" })).total).toBe(0);
    // The published data sets' judges (LLMBar, HANNA) can be left out, or shown alone.
    expect((await judgeOverview({ query: "overview-", origin: "yours" })).total).toBe(2);
    expect((await judgeOverview({ query: "overview-", origin: "datasets" })).total).toBe(0);
  });
});
