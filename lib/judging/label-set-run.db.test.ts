import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import {
  changeGold,
  passFailJudgeSpec,
  seedJudgeVersion,
  seedLabelSet,
  seedUser,
  type SeedItem,
  RECORDED_VERDICT_BASE,
} from "../testing/seed-judges";
import { lastUserText, startMockLlmServer, startPassFailJudge } from "../providers/mock-server";
import { db } from "../db/client";
import { listVerdicts, saveVerdict } from "../db/verdicts";
import { approveJudgeVersion, judgeGate, loadJudgeStatus, revokeApproval } from "./approvals";
import { statsOf } from "../db/calibrations";
import { noticeStale } from "../db/judge-staleness";
import { listAuditEvents } from "../db/audit";
import { agreementReport } from "../judges/agreement";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { createJudgeClient } from "./client";
import { runPassRateThroughJudge } from "./run-correction";
import { agreementCommand, pairsCsv } from "../judges/format";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runPrintedAgreement } from "../testing/capture-logger";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

// A judge that reads the output: "good" passes, "bad" fails, and it is fooled by "tricky" ones.
const server = mockLlmForFile(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer") !== prompt.includes("tricky"), {
    pass: "solves it",
    fail: "does not solve it",
  }),
);

function items(prefix: string, split: "dev" | "test", good: number, bad: number, tricky = 0): SeedItem[] {
  const out: SeedItem[] = [];
  for (let i = 0; i < good; i++)
    out.push({ key: `${prefix}-g${i}`, split, output: `good answer ${i}${i < tricky ? " tricky" : ""}`, gold: "pass" });
  for (let i = 0; i < bad; i++) out.push({ key: `${prefix}-b${i}`, split, output: `bad answer ${i}`, gold: "fail" });
  return out;
}

const spec = (model: string, baseUrl: string | null) =>
  passFailJudgeSpec(model, baseUrl, "Task: {{task_prompt}}\nRubric: {{rubric}}\nOutput: {{output}}\nAnswer PASS or FAIL with a reason.");

describe("a judge run and its calibration on a label set", () => {
  it("judges every gold item of the split once, calibrates, and is approved only when the gate holds", async () => {
    const admin = await seedUser("admin-run@example.com");
    const { queueId, transcriptIds } = await seedLabelSet({
      name: "refunds",
      kind: "binary",
      items: [
        ...items("t", "test", 20, 20, 2),
        ...items("d", "dev", 5, 5),
        { key: "unsettled", split: "test", output: "good answer x", gold: null },
      ],
    });
    const version = await seedJudgeVersion("refund-judge", spec("gpt-4o-2024-08-06", server.baseUrl));
    const before = server.requests.length;

    const progress = await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test", concurrency: 4 });
    expect(progress).toMatchObject({ total: 40, ok: 40, error: 0, skipped: 0 });
    expect(server.requests.length - before).toBe(40);
    const verdicts = await listVerdicts(version.id);
    expect(verdicts).toHaveLength(40);
    expect(verdicts.some((v) => v.transcriptId === transcriptIds.unsettled)).toBe(false);

    // A rerun asks nothing already answered.
    const again = await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
    expect(again).toMatchObject({ total: 0, alreadyDone: 40 });
    expect(server.requests.length - before).toBe(40);

    const calibration = await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });
    const stats = statsOf(calibration);
    const recomputed = agreementReport(
      stats.pairs.map((p) => p.judge),
      stats.pairs.map((p) => p.gold),
      { metric: "kappa", categories: ["fail", "pass"], positive: "pass", seed: 1 },
    );
    expect(calibration.n).toBe(40);
    expect(calibration.kappa).toBe(recomputed.value);
    expect(calibration.kappaCiLow).toBe(recomputed.ci95![0]);
    expect(calibration.tpr).toBeCloseTo(18 / 20, 12);
    expect(calibration.tnr).toBe(1);
    expect(stats.classCounts).toEqual({ fail: 20, pass: 20 });

    const gate = await judgeGate(version.id);
    expect(gate.passed).toBe(true);
    expect(gate.labelSet).toEqual({ id: queueId, name: "refunds" });
    expect(await loadJudgeStatus(version.id)).toMatchObject({ state: "shadow", approved: false, gating: false });

    await approveJudgeVersion(version.id, admin.id);
    const status = await loadJudgeStatus(version.id);
    expect(status).toMatchObject({
      state: "gating",
      approved: true,
      gating: true,
      reason: 'approved by admin-run@example.com on "refunds"',
      calibrationId: calibration.id,
      goldVersion: calibration.labelSetHash,
    });
    const audit = await listAuditEvents({ targetType: "judge_version", targetId: version.id });
    expect(audit.map((e) => e.action)).toEqual(["judge.approved", "judge_version.created"]);
    expect(audit[0]!.details).toMatchObject({
      hash: version.hash,
      version: 1,
      from: "shadow",
      to: "gating",
      labelSet: "refunds",
      calibration: calibration.id,
    });

    // The runner's seam: gating, so its verdicts count.
    const client = await createJudgeClient(version.hash.slice(0, 12));
    expect(client).toMatchObject({ versionId: version.id, approved: true, kind: "binary", state: "gating", calibrationId: calibration.id });
    const trial = { taskId: "t", prompt: "t", rubric: null, trajectory: [] };
    expect(await client.grade({ ...trial, output: "good answer" })).toEqual({
      status: "pass",
      score: 1,
      reason: "solves it",
      costUsd: expect.any(Number),
    });

    // The run report's correction uses the TPR and TNR of the calibration the run recorded.
    const read = await runPassRateThroughJudge({ state: "gating", calibrationId: calibration.id }, { passed: 30, scored: 50 });
    expect(read.approved).toBe(true);
    expect(read.correction).toMatchObject({
      raw: 0.6,
      inputs: { tpr: calibration.tpr, tnr: calibration.tnr, calibrationId: calibration.id, calibrationN: 40 },
    });
    expect(read.correction!.corrected).toBeCloseTo((0.6 + 1 - 1) / (0.9 + 1 - 1), 12);
    expect(await runPassRateThroughJudge({ state: "shadow", calibrationId: null }, { passed: 30, scored: 50 })).toMatchObject({
      approved: false,
      correction: null,
    });

    // New gold labels make it stale at once; it keeps gating for the grace period, until a recalibration decides.
    await changeGold(queueId, transcriptIds["t-b0"]!, "pass");
    const stale = await loadJudgeStatus(version.id);
    expect(stale).toMatchObject({ state: "stale", approved: true, gating: true });
    expect(stale.gate.rules.find((r) => r.id === "current")).toMatchObject({ passed: false, actual: "the gold labels changed since" });
    // Recorded as stale (the grace period counts from here), it stops gating when the grace period is over.
    await db().$transaction((tx) => noticeStale(tx, stale.approval!));
    expect(await loadJudgeStatus(version.id)).toMatchObject({
      state: "stale",
      gating: true,
      reason: expect.stringContaining("the bound gold set changed (1 changed)"),
    });
    const afterGrace = await loadJudgeStatus(version.id, { now: new Date(Date.now() + 8 * 24 * 3_600_000) });
    expect(afterGrace).toMatchObject({ state: "stale", gating: false });
    const shadowClient = await createJudgeClient(version.id, { status: afterGrace });
    expect(shadowClient).toMatchObject({ approved: false, calibrationId: null });
    // Not gating: it still grades (the judge grader records the verdict as shadow, from `approved`).
    expect(await shadowClient.grade({ ...trial, output: "bad answer" })).toMatchObject({ status: "fail", score: 0 });

    await revokeApproval(version.id, admin.id);
    expect(await loadJudgeStatus(version.id)).toMatchObject({ state: "revoked", gating: false, reason: "revoked by an admin" });
    expect((await listAuditEvents({ targetType: "judge_version", targetId: version.id })).map((e) => e.action)).toEqual([
      "judge.revoked",
      "judge.stale",
      "judge.approved",
      "judge_version.created",
    ]);
  });

  it("refuses to judge items of another kind, and records skipped verdicts when no key is set", async () => {
    const { queueId } = await seedLabelSet({
      name: "pairs",
      kind: "pairwise",
      items: [{ key: "p1", split: "test", outputs: { a: "x", b: "y" }, gold: "A" }],
    });
    const binary = await seedJudgeVersion("binary-judge", spec("gpt-4o-mini", server.baseUrl));
    await expect(runJudgeOnLabelSet({ versionId: binary.id, queueId, split: "test" })).rejects.toThrow(
      /judges binary items; the label set "pairs" holds pairwise items/,
    );

    const keyless = await seedLabelSet({ name: "keyless", kind: "binary", items: items("k", "test", 3, 3) });
    // The public API with no OPENAI_API_KEY: refused before any request is made.
    const remote = await seedJudgeVersion("remote-judge", spec("gpt-4o-mini", "https://api.openai.com/v1"));
    const progress = await runJudgeOnLabelSet({ versionId: remote.id, queueId: keyless.queueId, split: "test", provider: { env: {} } });
    expect(progress).toMatchObject({ total: 6, skipped: 6, ok: 0 });
    // Nothing was answered: no empty calibration is stored (a recalibration may store one: its undefined κ demotes).
    await expect(calibrateOnLabelSet({ versionId: remote.id, queueId: keyless.queueId, split: "test", actorId: null })).rejects.toThrow(
      /answered none of the 6 gold items .* \(6 skipped, 0 errors, 0 not asked\): nothing to calibrate, no calibration stored/,
    );
    const empty = await calibrateOnLabelSet({
      versionId: remote.id,
      queueId: keyless.queueId,
      split: "test",
      actorId: null,
      allowEmpty: true,
    });
    expect(empty).toMatchObject({ n: 0, skippedCount: 6, kappa: null, accuracy: null });
    expect((await judgeGate(remote.id)).passed).toBe(false);
  });
});

describe("a pairwise judge asked in both orders", () => {
  it("stores the swapped verdicts in the original order and reports position consistency and flips", async () => {
    // Prefers the longer output, except that it always picks whatever is shown first when both are short.
    const pairwise = await startMockLlmServer({
      flavor: "openai",
      reply: ({ body }) => {
        const [, a, b] = /A: (.*)\nB: (.*)/.exec(lastUserText(body))!;
        if (a!.length < 10 && b!.length < 10) return { text: "A: shown first" };
        return { text: a!.length >= b!.length ? "A: longer" : "B: longer" };
      },
    });
    try {
      const pairs: SeedItem[] = [
        { key: "long-a", split: "test", outputs: { a: "a thorough and long answer", b: "short" }, gold: "A" },
        { key: "long-b", split: "test", outputs: { a: "short", b: "a thorough and long answer" }, gold: "B" },
        { key: "both-short", split: "test", outputs: { a: "tiny", b: "wee" }, gold: "B" },
      ];
      const { queueId, transcriptIds } = await seedLabelSet({ name: "pairwise", kind: "pairwise", items: pairs });
      const version = await seedJudgeVersion("pair-judge", {
        ...spec("pair-model", pairwise.baseUrl),
        parser: "pairwise",
        promptTemplate: "A: {{output_a}}\nB: {{output_b}}",
      });
      const progress = await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test", bothOrders: true, repeats: 2 });
      expect(progress).toMatchObject({ total: 12, ok: 12 });
      const verdicts = await listVerdicts(version.id);
      const swapped = verdicts.filter((v) => v.order === "swapped" && v.repeat === 0).map((v) => [v.transcriptId, v.value]);
      expect(swapped.sort()).toEqual(
        [
          [transcriptIds["both-short"], "B"],
          [transcriptIds["long-a"], "A"],
          [transcriptIds["long-b"], "B"],
        ].sort(),
      );
      const stats = statsOf(await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: null }));
      expect(stats.position).toEqual({ n: 3, consistent: 2, rate: 2 / 3, excluded: 0 });
      expect(stats.flip).toEqual({ repeats: 2, items: 3, flipped: 0, rate: 0 });
      expect(stats.report.positive).toBe("A");
    } finally {
      await pairwise.close();
    }
  });
});

describe("the calibration page's numbers and `gavel agreement` on the exported pairs", () => {
  it("are identical, for a graded judge on a declared 1–5 scale", async () => {
    const scoring = await startMockLlmServer({
      flavor: "openai",
      reply: ({ body }) => ({ text: `${/worth (\d)/.exec(lastUserText(body))![1]}: as rated` }),
    });
    try {
      // Gold scores 1..5; the judge reads "worth N" from the output, one notch generous on some items.
      const graded: SeedItem[] = Array.from({ length: 25 }, (_, i) => {
        const gold = (i % 5) + 1;
        const judged = i % 4 === 0 ? Math.min(5, gold + 1) : gold;
        return { key: `g${i}`, split: "test", output: `worth ${judged}`, gold: String(gold) };
      });
      const { queueId } = await seedLabelSet({ name: "graded", kind: "graded", scale: { min: 1, max: 5 }, items: graded });
      const version = await seedJudgeVersion("grader", {
        ...spec("gpt-4o-mini", scoring.baseUrl),
        parser: "score_1_5",
        promptTemplate: "Rate {{output}} from 1 to 5.",
      });
      await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
      const calibration = await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: null });
      const stats = statsOf(calibration);
      expect(stats.report.metric).toBe("kappa-quadratic");

      const dir = mkdtempSync(path.join(tmpdir(), "gavel-export-"));
      const file = path.join(dir, "pairs.csv");
      writeFileSync(file, pairsCsv(stats.pairs));
      const json = runPrintedAgreement(agreementCommand(file, stats.report));
      expect(json).toEqual({
        metric: "kappa-quadratic",
        n: calibration.n,
        value: calibration.kappa,
        se: calibration.kappaSe,
        ci95: [calibration.kappaCiLow, calibration.kappaCiHigh],
        accuracy: calibration.accuracy,
        confusion: stats.report.confusion,
        tpr: null,
        tnr: null,
        // `gavel agreement` reports missing cells; an export of stored labels has none.
        missing: { a: 0, b: 0, rows: 0, markers: {} },
      });
      expect(json.confusion.labels).toEqual(["1", "2", "3", "4", "5"]);
    } finally {
      await scoring.close();
    }
  });
});

describe("approval is refused, server-side, for a version missing any gate rule", () => {
  async function calibrated(name: string, testItems: SeedItem[]) {
    // The model name keeps each version distinct: a version is its spec, whatever the judge is called.
    const model = `model-${name}`;
    const { queueId, transcriptIds } = await seedLabelSet({ name, kind: "binary", items: testItems });
    const version = await seedJudgeVersion(`${name}-judge`, spec(model, server.baseUrl));
    await runJudgeOnLabelSet({ versionId: version.id, queueId, split: testItems[0]!.split });
    await calibrateOnLabelSet({ versionId: version.id, queueId, split: testItems[0]!.split, actorId: null });
    return { version, queueId, transcriptIds };
  }

  async function expectRefused(versionId: string, rule: RegExp) {
    const admin = await seedUser("admin-refusals@example.com");
    await expect(approveJudgeVersion(versionId, admin.id)).rejects.toThrow(rule);
    expect(await db().approval.count({ where: { judgeVersionId: versionId } })).toBe(0);
    expect((await createJudgeClient(versionId)).approved).toBe(false);
    expect((await loadJudgeStatus(versionId)).state).toBe("shadow");
  }

  it("never calibrated", async () => {
    const version = await seedJudgeVersion("uncalibrated", spec("m-uncalibrated", server.baseUrl));
    await expectRefused(version.id, /Calibrated on the held-out test split \(no calibration on the test split\)/);
  });

  it("calibrated on the dev split only", async () => {
    const { version } = await calibrated("dev-only", items("x", "dev", 20, 20));
    await expectRefused(version.id, /Calibrated on the held-out test split/);
  });

  it("fewer than 30 items", async () => {
    const { version } = await calibrated("small", items("s", "test", 14, 14));
    await expectRefused(version.id, /At least 30 gold items judged \(28 items\)/);
  });

  it("fewer than 10 of a class", async () => {
    const { version } = await calibrated("lopsided", items("l", "test", 31, 9));
    await expectRefused(version.id, /At least 10 of each class \(pass 31 · fail 9\)/);
  });

  it("kappa below the bar", async () => {
    const { version } = await calibrated("fooled", items("f", "test", 20, 20, 9));
    await expectRefused(version.id, /κ ≥ 0\.60 \(κ 0\.5\d\d\)/);
  });

  it("gold labels changed after calibration", async () => {
    const { version, queueId, transcriptIds } = await calibrated("changed", items("c", "test", 20, 20));
    await changeGold(queueId, transcriptIds["c-g0"]!, "fail");
    await expectRefused(version.id, /Calibrated on the current gold set \(the gold labels changed since\)/);
  });

  it("a stricter optional rule: the lower interval bound, or a flip rate never measured", async () => {
    const { version } = await calibrated("strict", items("q", "test", 20, 20, 6));
    await db().setting.create({ data: { key: "judge_gate_policy", value: { useKappaLowerBound: true, maxFlipRate: 0.1 } } });
    try {
      await expectRefused(version.id, /Lower 95% bound of κ ≥ 0\.60 \(κ lower bound 0\.\d\d\d\); Flip rate ≤ 0\.10 \(undefined/);
    } finally {
      await db().setting.delete({ where: { key: "judge_gate_policy" } });
    }
  });

  it("never asks a replay judge again: its recorded error verdicts stay as they were", async () => {
    const { queueId, transcriptIds } = await seedLabelSet({ name: "replayed", kind: "binary", items: items("r", "test", 2, 1) });
    const replay = await seedJudgeVersion("recorded-judge", { ...spec("upstream-model", null), provider: "replay" });
    const [first, ...rest] = Object.values(transcriptIds);
    const recorded = {
      ...RECORDED_VERDICT_BASE,
    };
    await saveVerdict(replay.id, {
      ...recorded,
      transcriptId: first!,
      status: "error",
      value: null,
      reason: "the upstream completion",
      error: "unparseable",
      rawResponse: "I think both are fine",
    });
    for (const id of rest)
      await saveVerdict(replay.id, {
        ...recorded,
        transcriptId: id,
        status: "ok",
        value: "pass",
        reason: "recorded",
        error: null,
        rawResponse: "PASS",
      });
    const progress = await runJudgeOnLabelSet({ versionId: replay.id, queueId, split: "test" });
    expect(progress).toMatchObject({ alreadyDone: 3, completed: 0 });
    const kept = (await listVerdicts(replay.id, [first!]))[0]!;
    expect(kept).toMatchObject({ status: "error", reason: "the upstream completion" });
  });
});
