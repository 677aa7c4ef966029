import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { databaseProvider } from "../database-url";
import { runAgreement } from "../cli/commands/agreement";
import type { Logger } from "../cli/logger";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { llmbarJudgeName, llmbarLabelSetName } from "../real-data/llmbar-plan";
import { parseUpstreamCount } from "../real-data/llmbar";
import { DatasetError } from "../real-data/issues";
import { agreementCommand, formatInterval, formatStat, pairsCsv } from "../judges/format";
import type { CalibrationStats } from "../judges/calibration";
import { accuracyByOrder } from "../judges/pairwise-orders";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { importHanna, importLlmbar } from "../judging/import-datasets";

withTestDatabase();

const LLMBAR = "datasets/llmbar";
const SUBSET_DIRS: Record<string, string> = { "MT-Bench": "Processed/MT-Bench", Natural: "LLMBar/Natural" };

async function tableCounts() {
  const c = db();
  const [transcripts, queues, items, gold, labels, users, judges, versions, verdicts, calibrations] = await Promise.all([
    c.transcript.count(),
    c.labelQueue.count(),
    c.queueItem.count(),
    c.goldLabel.count(),
    c.label.count(),
    c.user.count(),
    c.judge.count(),
    c.judgeVersion.count(),
    c.judgeVerdict.count(),
    c.calibration.count(),
  ]);
  return { transcripts, queues, items, gold, labels, users, judges, versions, verdicts, calibrations };
}

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined, out: () => undefined };

describe("gavel import llmbar", () => {
  it("imports every item, gold label, judge version and verdict of both orders, and adds nothing the second time", async () => {
    const first = await importLlmbar(LLMBAR);
    expect(first.counts).toMatchObject({
      transcripts: { created: 300, existing: 0 },
      gold: 300,
      judgeVersions: { created: 8, existing: 0 },
      verdicts: { created: 4000, errors: 33 },
      calibrations: 24,
    });
    const after = await tableCounts();
    expect(after).toMatchObject({
      transcripts: 300,
      queues: 2,
      items: 300,
      gold: 300,
      judges: 2,
      versions: 8,
      verdicts: 4000,
      calibrations: 24,
    });

    const again = await importLlmbar(LLMBAR);
    expect(again.counts).toMatchObject({
      transcripts: { created: 0, existing: 300 },
      queueItems: 0,
      gold: 0,
      judgeVersions: { created: 0, existing: 8 },
      verdicts: { created: 0, existing: 4000 },
      calibrations: 0,
    });
    expect(await tableCounts()).toEqual(after);

    // PaLM2's unparseable answers are error verdicts with the raw completion kept, not dropped.
    const errors = await db().judgeVerdict.findMany({ where: { status: "error", judgeVersion: { model: "PaLM2" } } });
    expect(errors.length).toBe(33);
    expect(errors.every((e) => e.value === null && e.rawResponse !== null && e.reason !== null)).toBe(true);
  }, 180_000);

  it("reproduces statistics.json's accuracy in each order for every judge and strategy (errors count as wrong)", async () => {
    const queues = await db().labelQueue.findMany({ where: { name: { startsWith: "LLMBar " } } });
    let checked = 0;
    for (const [subset, dir] of Object.entries(SUBSET_DIRS)) {
      const queue = queues.find((q) => q.name === llmbarLabelSetName(subset))!;
      const gold = await db().goldLabel.findMany({ where: { queueId: queue.id }, select: { transcriptId: true, value: true } });
      expect(gold).toHaveLength(subset === "MT-Bench" ? 200 : 100);
      const versions = await db().judgeVersion.findMany({
        where: { judge: { name: { startsWith: "llmbar-" } } },
        include: { judge: true },
      });
      for (const version of versions) {
        const strategy = version.judge.name === llmbarJudgeName("Vanilla_NoRules") ? "Vanilla_NoRules" : "Metrics_Reference";
        const statsFile = path.join(LLMBAR, dir, "evaluators", version.model, strategy, "statistics.json");
        let upstream: Record<string, string>;
        try {
          upstream = JSON.parse(readFileSync(statsFile, "utf8"));
        } catch {
          continue; // this model did not judge this subset
        }
        const verdicts = await db().judgeVerdict.findMany({
          where: { judgeVersionId: version.id, transcriptId: { in: gold.map((g) => g.transcriptId) } },
        });
        const ours = accuracyByOrder(gold, verdicts);
        expect({ original: ours.original.correct, swapped: ours.swapped.correct, total: ours.original.total }, statsFile).toEqual({
          original: parseUpstreamCount(upstream.correct_False!)!.correct,
          swapped: parseUpstreamCount(upstream.correct_True!)!.correct,
          total: parseUpstreamCount(upstream.correct_False!)!.total,
        });
        checked++;
      }
    }
    expect(checked).toBe(12);
  });

  it("shows the kappa and intervals that `gavel agreement` prints for the same two columns", async () => {
    const calibrations = await db().calibration.findMany({ where: { queue: { name: { startsWith: "LLMBar " } } } });
    expect(calibrations).toHaveLength(24);
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-llmbar-"));
    for (const calibration of calibrations) {
      const stats = calibration.stats as unknown as CalibrationStats;
      const file = path.join(dir, `${calibration.id}.csv`);
      writeFileSync(file, pairsCsv(stats.pairs));
      const args = agreementCommand(file, stats.report).split(" ").slice(3);
      const options: Record<string, unknown> = {};
      for (let i = 0; i < args.length; i += 2) options[args[i]!.slice(2)] = args[i + 1];
      const report = runAgreement(file, options, silent);
      // The database may print a double's last digit differently (PostgreSQL's float8, SQLite's JSON):
      // equal to 12 decimals, and identical as shown.
      const close = (a: number | null | undefined, b: number | null | undefined) => expect(a!).toBeCloseTo(b!, 12);
      expect(report.n).toBe(calibration.n);
      close(report.value, calibration.kappa);
      close(report.ci95![0], calibration.kappaCiLow);
      close(report.ci95![1], calibration.kappaCiHigh);
      close(report.bootstrap!.low, stats.report.bootstrap!.low);
      close(report.bootstrap!.high, stats.report.bootstrap!.high);
      close(report.accuracy, calibration.accuracy);
      expect(formatStat(report.value)).toBe(formatStat(calibration.kappa));
      expect(formatInterval(report.ci95)).toBe(formatInterval([calibration.kappaCiLow!, calibration.kappaCiHigh!]));
      expect(formatInterval(report.bootstrap)).toBe(formatInterval(stats.report.bootstrap));
    }
  });

  it("writes nothing when a file is malformed, and names the file, item and field", async () => {
    const before = await tableCounts();
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-llmbar-bad-"));
    cpSync(LLMBAR, dir, { recursive: true });
    const file = path.join(dir, "LLMBar/Natural/evaluators/GPT-4/Vanilla_NoRules/result.json");
    const results = JSON.parse(readFileSync(file, "utf8"));
    results[7].results[0]["swap = True"].winner = "maybe";
    writeFileSync(file, JSON.stringify(results));
    const error = await importLlmbar(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as Error).message).toContain(
      "LLMBar/Natural/evaluators/GPT-4/Vanilla_NoRules/result.json, item 7, field results[0].swap = True.winner",
    );
    expect(await tableCounts()).toEqual(before);
  });
});

describe("gavel import hanna", () => {
  it("imports graded items per criterion with three rater labels each, adds nothing the second time, and never half-writes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-hanna-"));
    const file = path.join(dir, "hanna.csv");
    writeFileSync(file, hannaMiniCsv());
    const before = await tableCounts();
    const first = await importHanna(file);
    expect(first.counts).toMatchObject({
      transcripts: { created: 576 },
      labelSets: { created: 6 },
      gold: 576,
      labels: 1728,
      judgeVersions: { created: 1 },
      verdicts: { created: 576, errors: 6 },
      calibrations: 12,
    });
    const after = await tableCounts();
    expect(after.users - before.users).toBe(3);
    const raters = await db().user.findMany({ where: { email: { endsWith: "@hanna.invalid" } } });
    expect(raters.map((r) => [r.role, r.passwordHash])).toEqual([
      ["viewer", null],
      ["viewer", null],
      ["viewer", null],
    ]);

    const again = await importHanna(file);
    expect(again.counts).toMatchObject({
      transcripts: { created: 0, existing: 576 },
      gold: 0,
      labels: 0,
      judgeVersions: { created: 0 },
      verdicts: { created: 0 },
      calibrations: 0,
    });
    expect(await tableCounts()).toEqual(after);

    const calibration = await db().calibration.findFirstOrThrow({ where: { split: "all", queue: { name: "HANNA Empathy" } } });
    const stats = calibration.stats as unknown as CalibrationStats;
    expect(stats).toMatchObject({ kind: "graded", metric: "kappa-quadratic", goldCount: 96, errored: 1 });
    expect(stats.report.spearman).not.toBeNull();
    expect(stats.human).toMatchObject({ items: 96, raters: 3 });

    // A label set of another kind under the same name: refused inside the transaction, nothing kept.
    await db().labelQueue.update({ where: { name: "HANNA Surprise" }, data: { name: "HANNA Surprise (old)" } });
    await db().labelQueue.create({ data: { name: "HANNA Surprise", kind: "binary", rubric: "x" } });
    const other = path.join(dir, "other.csv");
    writeFileSync(
      other,
      hannaMiniCsv((row) => (row.Model = row.Model === "Human" ? "Human" : "XLNet")),
    );
    const mid = await tableCounts();
    await expect(importHanna(other)).rejects.toThrow(/already exists with binary items/);
    expect(await tableCounts()).toEqual(mid);
    // Back as it was, for the next test's import in this database.
    await db().labelQueue.delete({ where: { name: "HANNA Surprise" } });
    await db().labelQueue.update({ where: { name: "HANNA Surprise (old)" }, data: { name: "HANNA Surprise" } });
  }, 120_000);
});

describe.skipIf(databaseProvider(inject("baseDatabaseUrl")) !== "postgres")("an import on PostgreSQL", () => {
  it("leaves the planner statistics for the rows it wrote, so a fresh database's first pages are not planned as if empty", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-analyze-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));
    // reltuples is -1 until a table is first analyzed (or vacuumed); ANALYZE sets it to the rows it counted.
    const rows = await db().$queryRawUnsafe<{ relname: string; reltuples: number }[]>(
      `SELECT relname::text AS relname, reltuples::float8 AS reltuples FROM pg_class WHERE relname IN ('gold_labels', 'queue_items', 'labels', 'judge_verdicts', 'calibrations') ORDER BY relname`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.reltuples, row.relname).toBeGreaterThan(0);
  });
});
