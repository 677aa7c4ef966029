import { describe, expect, it } from "vitest";
import { cohensKappa } from "../stats";
import { buildCalibration, labelSetHash, type GoldItem, type VerdictRow } from "./calibration";

const gold: GoldItem[] = [
  { transcriptId: "t1", value: "pass", length: 10 },
  { transcriptId: "t2", value: "pass", length: 200 },
  { transcriptId: "t3", value: "fail", length: 30 },
  { transcriptId: "t4", value: "fail", length: 400 },
  { transcriptId: "t5", value: "pass", length: 50 },
  { transcriptId: "t6", value: "fail", length: 60 },
  { transcriptId: "t7", value: "pass", length: 70 },
];
const ok = (transcriptId: string, value: string, repeat = 0, order = "original"): VerdictRow => ({
  transcriptId,
  order,
  repeat,
  status: "ok",
  value,
});

describe("buildCalibration", () => {
  it("leaves skipped, errored and unjudged items out of every statistic and counts them", () => {
    const verdicts: VerdictRow[] = [
      ok("t1", "pass"),
      ok("t2", "pass"),
      ok("t3", "fail"),
      ok("t4", "pass"),
      { transcriptId: "t5", order: "original", repeat: 0, status: "skipped", value: null },
      { transcriptId: "t6", order: "original", repeat: 0, status: "error", value: null },
    ];
    const stats = buildCalibration({ kind: "binary", scale: null, gold, verdicts, humanLabels: [] });
    expect(stats).toMatchObject({ goldCount: 7, skipped: 1, errored: 1, missing: 1, metric: "kappa", classCounts: { pass: 2, fail: 2 } });
    expect(stats.pairs).toEqual([
      { transcriptId: "t1", judge: "pass", gold: "pass" },
      { transcriptId: "t2", judge: "pass", gold: "pass" },
      { transcriptId: "t3", judge: "fail", gold: "fail" },
      { transcriptId: "t4", judge: "pass", gold: "fail" },
    ]);
    expect(stats.report.n).toBe(4);
    expect(stats.report.value).toBeCloseTo(cohensKappa(["pass", "pass", "fail", "pass"], ["pass", "pass", "fail", "fail"])!, 12);
    expect(stats.report.confusion.labels).toEqual(["fail", "pass"]);
    expect(stats.report.positive).toBe("pass");
    expect(stats.flip).toBeNull();
    expect(stats.position).toBeNull();
  });

  it("shows kappa as undefined when the judge passes everything on an all-pass gold set", () => {
    const allPass = gold.filter((g) => g.value === "pass");
    const stats = buildCalibration({
      kind: "binary",
      scale: null,
      gold: allPass,
      verdicts: allPass.map((g) => ok(g.transcriptId, "pass")),
      humanLabels: [],
    });
    expect(stats.report.value).toBeNull();
    expect(stats.report.ci95).toBeNull();
    expect(stats.report.tnr).toBeNull();
    expect(stats.classCounts).toEqual({ fail: 0, pass: 4 });
  });

  it("computes the human ceiling (Fleiss' κ, Gwet's form) on every item several reviewers labeled, whatever their number", () => {
    const labels = [
      ["t1", "r1", "pass"],
      ["t1", "r2", "pass"],
      ["t2", "r1", "pass"],
      ["t2", "r2", "fail"],
      ["t3", "r1", "fail"],
      ["t3", "r3", "fail"],
      ["t4", "r2", "fail"],
      ["t4", "r3", "fail"],
      ["t4", "r1", "pass"],
      ["t5", "r1", "pass"],
      ["elsewhere", "r1", "pass"],
      ["elsewhere", "r2", "fail"],
    ].map(([transcriptId, reviewerId, value]) => ({ transcriptId: transcriptId!, reviewerId: reviewerId!, value: value! }));
    const stats = buildCalibration({ kind: "binary", scale: null, gold, verdicts: [], humanLabels: labels });
    // t1 pp, t2 pf, t3 ff, t4 ffp (all three of t4's labels count): p_a = (1 + 0 + 1 + 1/3)/4 = 7/12;
    // π_pass = (1 + 1/2 + 0 + 1/3)/4 = 11/24; p_e = (121 + 169)/576; κ = 23/143.
    expect(stats.human).toMatchObject({ items: 4, raters: null, alphaLevel: "nominal" });
    expect(stats.human.fleissKappa).toBeCloseTo(23 / 143, 12);
    expect(stats.human.ceiling).toMatchObject({
      kappa: stats.human.fleissKappa,
      weights: "none",
      items: 4,
      labels: 9,
      labelsPerItem: { min: 2, max: 3 },
    });
    expect(stats.human.krippendorffAlpha).not.toBeNull();
  });

  it("measures flips over repeats and position consistency over both orders", () => {
    const pairGold: GoldItem[] = [
      { transcriptId: "p1", value: "A", length: 5 },
      { transcriptId: "p2", value: "B", length: -5 },
      { transcriptId: "p3", value: "A", length: 0 },
    ];
    const verdicts = [
      ok("p1", "A"),
      ok("p1", "A", 1),
      ok("p1", "A", 0, "swapped"),
      ok("p2", "B"),
      ok("p2", "A", 1),
      ok("p2", "A", 0, "swapped"),
      ok("p3", "A"),
      { transcriptId: "p3", order: "original", repeat: 1, status: "error" as const, value: null },
      ok("p3", "A", 0, "swapped"),
    ];
    const stats = buildCalibration({ kind: "pairwise", scale: null, gold: pairGold, verdicts, humanLabels: [] });
    expect(stats.flip).toEqual({ repeats: 2, items: 2, flipped: 1, rate: 0.5 });
    expect(stats.position).toEqual({ n: 3, consistent: 2, rate: 2 / 3, excluded: 0 });
    expect(stats.orders?.original).toMatchObject({ total: 3, correct: 3, errors: 0, accuracy: 1 });
    expect(stats.orders?.swapped).toMatchObject({ total: 3, correct: 2, errors: 0, accuracy: 2 / 3 });
    expect(stats.report.positive).toBe("A");
  });

  it("finds verbosity bias: a judge that passes long failing outputs has a positive rho", () => {
    const verdicts = gold.map((g) => ok(g.transcriptId, g.length! >= 200 ? "pass" : g.value));
    const stats = buildCalibration({ kind: "binary", scale: null, gold, verdicts, humanLabels: [] });
    expect(stats.verbosity!.n).toBe(7);
    expect(stats.verbosity!.rho).toBeGreaterThan(0.5);
    const fair = buildCalibration({
      kind: "binary",
      scale: null,
      gold,
      verdicts: gold.map((g) => ok(g.transcriptId, g.value)),
      humanLabels: [],
    });
    expect(fair.verbosity!.rho).toBeNull();
  });

  it("uses quadratic weighted kappa on the declared scale and Spearman for graded items", () => {
    const graded: GoldItem[] = ["1", "2", "2", "4", "5"].map((value, i) => ({ transcriptId: `g${i}`, value, length: null }));
    const verdicts = ["1", "3", "2", "5", "5"].map((value, i) => ok(`g${i}`, value));
    const stats = buildCalibration({ kind: "graded", scale: { min: 1, max: 5 }, gold: graded, verdicts, humanLabels: [] });
    expect(stats.metric).toBe("kappa-quadratic");
    expect(stats.report.categories).toEqual(["1", "2", "3", "4", "5"]);
    expect(stats.report.value).toBe(stats.report.kappaQuadratic);
    expect(stats.report.spearman).toBeGreaterThan(0.8);
    expect(stats.report.tpr).toBeNull();
    expect(stats.verbosity).toBeNull();
  });
});

describe("labelSetHash", () => {
  it("ignores order and changes with any gold value", () => {
    const a = [
      { transcriptId: "x", value: "pass" },
      { transcriptId: "y", value: "fail" },
    ];
    expect(labelSetHash(a)).toBe(labelSetHash([...a].reverse()));
    expect(labelSetHash(a)).not.toBe(
      labelSetHash([
        { transcriptId: "x", value: "pass" },
        { transcriptId: "y", value: "pass" },
      ]),
    );
    expect(labelSetHash(a)).not.toBe(labelSetHash(a.slice(0, 1)));
  });
});

describe("buildCalibration with a stratified draw", () => {
  // The hand-computed example of lib/stats/horvitz-thompson.test.ts: judge-fail stratum π = 1/2, judge-pass π = 1/9.
  const judge = [...Array(5).fill("fail"), ...Array(10).fill("pass")] as string[];
  const goldValues = ["fail", "fail", "fail", "fail", "pass", "fail", ...Array(9).fill("pass")] as string[];
  const items = judge.map((_, i) => `s${i}`);
  const input = {
    kind: "binary" as const,
    scale: null,
    gold: items.map((transcriptId, i) => ({ transcriptId, value: goldValues[i]!, length: null })),
    verdicts: items.map((transcriptId, i) => ({ transcriptId, order: "original", repeat: 0, status: "ok" as const, value: judge[i]! })),
    humanLabels: [],
  };

  it("uses Horvitz–Thompson weights when items had different chances, and says why", () => {
    const design = Object.fromEntries(items.map((id, i) => [id, { probability: i < 5 ? 1 / 2 : 1 / 9, stratum: judge[i]! }]));
    const stats = buildCalibration({ ...input, design });
    expect(stats.estimator?.name).toBe("horvitz-thompson");
    if (stats.estimator?.name !== "horvitz-thompson") return;
    expect(stats.estimator.weighted.kappa).toBeCloseTo(63 / 118, 12);
    expect(stats.estimator.strata).toEqual({ fail: { items: 5, probability: 0.5 }, pass: { items: 10, probability: 1 / 9 } });
    expect(stats.estimator.reason).toMatch(/each item counts 1\/π times/);
    expect(stats.report.value).toBeCloseTo(0.7, 12);
  });

  it("keeps today's numbers, unweighted, when every item had the same chance", () => {
    const plain = buildCalibration(input);
    const equal = buildCalibration({
      ...input,
      design: Object.fromEntries(items.map((id) => [id, { probability: 0.25, stratum: "all" }])),
    });
    expect(plain.estimator?.name).toBe("unweighted");
    expect(equal.estimator?.name).toBe("unweighted");
    expect(equal.report).toEqual(plain.report);
  });
});
