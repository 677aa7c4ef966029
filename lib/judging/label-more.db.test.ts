import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listAuditEvents } from "../db/audit";
import { statsOf } from "../db/calibrations";
import { db } from "../db/client";
import { orderDevByInformativeness, planForJudge } from "../db/sampling";
import { startPassFailJudge } from "../providers/mock-server";
import { seedJudgeVersion, seedLabelSet, seedUser, type SeedItem } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { judgeCalibrate } from "../cli/commands/judge-actions";
import { createLogger } from "../cli/logger";
import { agreementCommand, pairsCsv } from "../judges/format";
import { labelMore } from "./label-more";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { runPrintedAgreement } from "../testing/capture-logger";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

// The judge passes "good" outputs and fails "bad" ones, but is fooled by "tricky" bad ones.
const server = mockLlmForFile(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer") || prompt.includes("tricky"), {
    pass: "fine",
    fail: "wrong",
  }),
);

const item = (key: string, split: "dev" | "test", good: boolean, gold: string | null, tricky = false): SeedItem => ({
  key,
  split,
  output: `${good ? "good" : "bad"} answer ${key}${tricky ? " tricky" : ""}`,
  gold,
});

describe("Label more for this judge", () => {
  it("sorts the pool with the judge, draws stratified by its verdict into the test split, and the calibration weights it", async () => {
    const admin = await seedUser("admin-more@example.com");
    // The gate set: 14 passes and 2 fails on test — too few fails for "≥ 10 per class".
    const { queueId } = await seedLabelSet({
      name: "gate-set",
      kind: "binary",
      items: [
        ...Array.from({ length: 14 }, (_, i) => item(`g${i}`, "test", true, "pass")),
        item("b0", "test", false, "fail"),
        item("b1", "test", false, "fail"),
      ],
    });
    // The same source's unlabeled transcripts (another queue holds them): 150 good, 30 bad of which 6 tricky.
    await seedLabelSet({
      name: "pool",
      kind: "binary",
      items: [
        ...Array.from({ length: 150 }, (_, i) => item(`pg${i}`, "dev", true, null)),
        ...Array.from({ length: 30 }, (_, i) => item(`pb${i}`, "dev", false, null, i < 6)),
      ],
    });
    const version = await seedJudgeVersion("more-judge", {
      provider: "openai",
      model: "more-model",
      baseUrl: server.baseUrl,
      promptTemplate: "Output: {{output}}\nPASS or FAIL?",
      parser: "pass_fail",
    });
    await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
    await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });

    const before = await planForJudge(version.id, queueId);
    expect(before.plan!.perClassShortfall).toEqual({ pass: 0, fail: 8 });
    expect(before.plan!.itemsShortfall).toBe(14);

    const draw = await labelMore({ versionId: version.id, queueId, actorId: admin.id });
    expect(draw.judged).toBe(180);
    expect(draw.stratifiedBy).toBe(version.id);
    const fail = draw.strata.find((s) => s.stratum === "fail")!;
    const pass = draw.strata.find((s) => s.stratum === "pass")!;
    // The judge fails the 24 plainly bad ones: the 8 missing fails are drawn there (÷ its precision), the rest by size.
    expect(fail.population).toBe(24);
    expect(pass.population).toBe(156);
    expect(fail.drawn).toBeGreaterThanOrEqual(8);
    expect(fail.probability).toBeCloseTo(fail.drawn / 24, 12);
    expect(pass.probability).toBeCloseTo(pass.drawn / 156, 12);
    expect(draw.added).toBe(fail.drawn + pass.drawn);
    const added = await db().queueItem.findMany({ where: { queueId, inclusionProbability: { not: null } } });
    expect(added).toHaveLength(draw.added);
    expect(added.every((i) => i.split === "test" && i.sampledById === version.id)).toBe(true);
    expect((await listAuditEvents({ targetType: "queue", targetId: queueId })).some((e) => e.action === "queue.sampled")).toBe(true);

    // Reviewers settle gold on the drawn items (the truth: good passes, bad fails).
    for (const i of added) {
      const t = await db().transcript.findUniqueOrThrow({ where: { id: i.transcriptId } });
      await db().goldLabel.create({
        data: {
          queueId,
          transcriptId: i.transcriptId,
          rubricVersion: 1,
          value: (t.finalOutput ?? "").startsWith("good") ? "pass" : "fail",
          source: "consensus",
        },
      });
    }
    await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
    const calibration = await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });
    const stats = statsOf(calibration);
    expect(stats.estimator?.name).toBe("horvitz-thompson");
    if (stats.estimator?.name !== "horvitz-thompson") return;
    // The stored κ (what the gate reads) is the weighted one, with the within-strata bootstrap interval.
    expect(calibration.kappa).toBe(stats.estimator.weighted.kappa);
    expect(calibration.kappaCiLow).toBe(stats.estimator.weighted.bootstrap!.low);
    expect(stats.classCounts.fail).toBeGreaterThanOrEqual(10);
    const after = await planForJudge(version.id, queueId);
    expect(after.plan!.perClassShortfall.fail).toBe(0);
    expect(after.estimate!.estimator).toBe("horvitz-thompson");

    // Every surface reports what the gate reads: `gavel judge calibrate --json`, the audit event and the stored row.
    let out = "";
    const logger = createLogger({ stdout: { write: (text: string) => ((out += text), true) } as NodeJS.WritableStream });
    const viaCli = await judgeCalibrate(version.id, { queue: queueId, split: "test", json: true }, logger);
    const json = JSON.parse(out);
    const event = (await listAuditEvents({ targetType: "calibration", targetId: viaCli.id })).find(
      (e) => e.action === "calibration.created",
    )!;
    const details = event.details as Record<string, unknown>;
    expect(json).toMatchObject({
      estimator: "horvitz-thompson",
      interval: "bootstrap",
      value: viaCli.kappa,
      tnr: viaCli.tnr,
      tpr: viaCli.tpr,
    });
    expect(json.ci95).toEqual([viaCli.kappaCiLow, viaCli.kappaCiHigh]);
    expect(details).toMatchObject({ estimator: "horvitz-thompson", kappa: viaCli.kappa, value: viaCli.kappa, tnr: viaCli.tnr });
    expect(details.ci95).toEqual(json.ci95);
    // The unweighted sample numbers travel beside them, labelled.
    expect(json.unweighted).toMatchObject({ value: statsOf(viaCli).report.value, tnr: statsOf(viaCli).report.tnr });

    // The calibration's export (its pairs CSV and the command the page shows) gives back the same weighted numbers.
    const exported = statsOf(viaCli);
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-ht-export-"));
    const file = path.join(dir, "pairs.csv");
    writeFileSync(file, pairsCsv(exported.pairs));
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe("transcript_id,judge,human,inclusion_probability,stratum");
    const command = agreementCommand(file, exported.report, true);
    expect(command.split(" ")).toContain("--inclusion");
    const fromFile = runPrintedAgreement(command);
    // Equal to the last few bits only: the file's rows sum in another order than the stored pairs.
    const near = (x: number | null) => (x === null ? null : expect.closeTo(x, 12));
    expect(fromFile).toMatchObject({
      estimator: "horvitz-thompson",
      interval: "bootstrap",
      n: viaCli.n,
      value: near(viaCli.kappa),
      se: near(viaCli.kappaSe),
      ci95: [near(viaCli.kappaCiLow), near(viaCli.kappaCiHigh)],
      accuracy: near(viaCli.accuracy),
      tpr: near(viaCli.tpr),
      tnr: near(viaCli.tnr),
    });
    expect(fromFile.unweighted).toEqual(json.unweighted);
    rmSync(dir, { recursive: true, force: true });

    // A second draw extends the same design: every drawn item of a stratum shares π = drawn / N.
    const again = await labelMore({ versionId: version.id, queueId, actorId: admin.id, size: 12 });
    expect(again.judged).toBe(0);
    const failAgain = again.strata.find((s) => s.stratum === "fail")!;
    expect(failAgain.population).toBe(24);
    const failItems = await db().queueItem.findMany({ where: { queueId, stratum: "fail" } });
    expect(failItems).toHaveLength(failAgain.total);
    expect(failItems.every((i) => Math.abs(i.inclusionProbability! - failAgain.total / 24) < 1e-12)).toBe(true);
  }, 120_000);
});

describe("Dev split, most informative first", () => {
  it("moves the dev items the judges disagree on to the front and never touches the test split", async () => {
    const admin = await seedUser("admin-order@example.com");
    const { queueId, transcriptIds } = await seedLabelSet({
      name: "order-set",
      source: "order-src",
      kind: "binary",
      items: [
        item("o-dev-plain", "dev", true, null),
        item("o-dev-split", "dev", false, null),
        item("o-dev-humans", "dev", true, null),
        item("o-test", "test", true, "pass"),
      ],
    });
    const [a, b] = [
      await seedJudgeVersion("order-a", {
        provider: "replay",
        model: "a",
        baseUrl: null,
        promptTemplate: "A {{output}}",
        parser: "pass_fail",
      }),
      await seedJudgeVersion("order-b", {
        provider: "replay",
        model: "b",
        baseUrl: null,
        promptTemplate: "B {{output}}",
        parser: "pass_fail",
      }),
    ];
    const verdict = (versionId: string, key: string, value: string) =>
      db().judgeVerdict.create({ data: { judgeVersionId: versionId, transcriptId: transcriptIds[key]!, status: "ok", value } });
    await verdict(a.id, "o-dev-plain", "pass");
    await verdict(b.id, "o-dev-plain", "pass");
    await verdict(a.id, "o-dev-split", "pass");
    await verdict(b.id, "o-dev-split", "fail");
    await verdict(a.id, "o-dev-humans", "fail");
    await verdict(a.id, "o-test", "fail");
    await verdict(b.id, "o-test", "pass");
    const reviewer = await seedUser("order-reviewer@example.com", "reviewer");
    await db().label.create({ data: { queueId, transcriptId: transcriptIds["o-dev-humans"]!, reviewerId: reviewer.id, value: "pass" } });
    const testKey = (await db().queueItem.findFirstOrThrow({ where: { queueId, transcriptId: transcriptIds["o-test"] } })).orderKey;

    const result = await orderDevByInformativeness(queueId, admin.id);
    expect(result).toMatchObject({ devItems: 3, moved: 2 });
    const order = (
      await db().queueItem.findMany({ where: { queueId, split: "dev" }, orderBy: { orderKey: "asc" }, select: { transcriptId: true } })
    ).map((i) => i.transcriptId);
    expect(order.slice(0, 2).sort()).toEqual([transcriptIds["o-dev-split"], transcriptIds["o-dev-humans"]].sort());
    expect(order[2]).toBe(transcriptIds["o-dev-plain"]);
    expect((await db().queueItem.findFirstOrThrow({ where: { queueId, transcriptId: transcriptIds["o-test"] } })).orderKey).toBe(testKey);
  });
});
