import { afterAll, describe, expect, it } from "vitest";
import { buildCalibration, type GoldItem, type HumanLabel, type VerdictRow } from "../judges/calibration";
import { queueAgreement } from "../labeling/agreement";
import { toItemView } from "../labeling/item-view";
import { labelPage } from "../labeling/label-page";
import { primaryDimension } from "../schemas/dimensions";
import { labelValueError } from "../schemas/labeling";
import { isItemKind, itemKind, kindCategories, registerTestItemKind, type ItemKindDefinition } from "./kinds";
import { reviewerLabels } from "../testing/agreement-fixtures";

/**
 * The item-kind recipe (docs/architecture.md, "An item kind"), proven: a kind that exists only in this test, added as
 * ONE registry entry and nothing else, works end to end in the label page's view model and in the statistics. A
 * three-level severity scale is the probe because it is what no shipped kind is: fixed values that are ordered, and not
 * numbers — so it fails wherever code still assumes "ordered means numeric" or "fixed means unordered".
 */
const SEVERITY: ItemKindDefinition = {
  summary: "low, medium or high",
  description: "severity (low, medium or high on one output)",
  parser: "severity_3",
  parserOption: "LOW / MEDIUM / HIGH with a reason (severity items)",
  fixedValues: ["low", "medium", "high"],
  positive: null,
  ordinal: true,
  choice: (value) => ({ label: value[0]!.toUpperCase() + value.slice(1), key: value[0]! }),
  normalize: (raw) => raw.trim().toLowerCase(),
  verdict: (text) => (["low", "medium", "high"].includes(text.toLowerCase()) ? text.toLowerCase() : null),
  expected: '"low", "medium" or "high"',
  numeric: (value) => ["low", "medium", "high"].indexOf(value) + 1,
  question: "How severe is the problem in this transcript?",
  outputs: 1,
  swap: (value) => value,
  dimension: "categorical",
  labelsTrials: false,
  labelScore: () => null,
  trialVerdict: (value) => ({ pass: value === "low", score: value === "low" ? 1 : 0, says: `severity ${value}` }),
};

const { kind, remove } = registerTestItemKind("severity", SEVERITY);
afterAll(remove);

/** Quadratic-weighted kappa written out for this test alone: 1 − Σ w·O / Σ w·E with w = (i − j)² / (k − 1)². */
function quadraticKappa(a: string[], b: string[], order: string[]): number {
  const k = order.length;
  const n = a.length;
  const at = (v: string) => order.indexOf(v);
  const observed = order.map(() => new Array<number>(k).fill(0));
  a.forEach((x, i) => (observed[at(x)]![at(b[i]!)]! += 1 / n));
  const rowSum = observed.map((row) => row.reduce((s, x) => s + x, 0));
  const colSum = order.map((_, j) => observed.reduce((s, row) => s + row[j]!, 0));
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2 / (k - 1) ** 2;
      num += w * observed[i]![j]!;
      den += w * rowSum[i]! * colSum[j]!;
    }
  return 1 - num / den;
}

describe("the item-kind recipe: a test-only kind added in one entry", () => {
  it("is a kind to the registry, and only while the test holds it", () => {
    expect(isItemKind("severity")).toBe(true);
    expect(itemKind(kind)).toBe(SEVERITY);
    expect(kindCategories(kind, null)).toEqual(["low", "medium", "high"]);
    expect(() => registerTestItemKind("binary", SEVERITY)).toThrow('The item kind "binary" exists already.');
  });

  it("builds the label page's view model: its question, its buttons and hotkeys, the item, its dimension, its values", () => {
    const page = labelPage(kind);
    expect(page).toEqual({
      question: "How severe is the problem in this transcript?",
      choices: [
        { value: "low", key: "l", label: "Low" },
        { value: "medium", key: "m", label: "Medium" },
        { value: "high", key: "h", label: "High" },
      ],
      twoOutputs: false,
    });
    const item = toItemView("qi1", {
      id: "t1",
      externalId: "ticket-7",
      kind,
      taskPrompt: "Triage the outage report.",
      rubric: "High when customers lose data.",
      criterion: null,
      finalOutput: "Customers lost a day of orders.",
      content: { messages: [{ role: "user", content: "Triage it." }] },
      sizeBytes: 120,
    });
    expect(item).toMatchObject({ kind: "severity", finalOutput: "Customers lost a day of orders.", outputs: null });
    expect(item.messages).toEqual([{ role: "user", name: null, content: "Triage it.", toolCalls: [] }]);
    expect(primaryDimension(kind, "severity")).toEqual({
      name: "severity",
      type: "categorical",
      values: ["low", "medium", "high"],
      multi: false,
      primary: true,
    });
    expect(labelValueError(kind, "high")).toBeNull();
    expect(labelValueError(kind, "pass")).toBe('A severity label is one of low, medium, high; got "pass".');
  });

  it("is calibrated with quadratic kappa in its own order (low < medium < high), its human ceiling and verbosity", () => {
    const goldValues = ["low", "medium", "high", "low", "high", "medium", "low", "high"];
    const judgeValues = ["low", "high", "high", "medium", "high", "medium", "low", "medium"];
    const gold: GoldItem[] = goldValues.map((value, i) => ({ transcriptId: `t${i}`, value, length: 100 + 50 * i }));
    const verdicts: VerdictRow[] = judgeValues.map((value, i) => ({
      transcriptId: `t${i}`,
      order: "original",
      repeat: 0,
      status: "ok",
      value,
    }));
    // Two reviewers on every item: they agree except on t1 (medium / high) and t3 (low / medium).
    const humanLabels: HumanLabel[] = goldValues.flatMap((value, i) => [
      { transcriptId: `t${i}`, reviewerId: "r1", value },
      { transcriptId: `t${i}`, reviewerId: "r2", value: i === 1 ? "high" : i === 3 ? "medium" : value },
    ]);
    const stats = buildCalibration({ kind, scale: null, gold, verdicts, humanLabels });

    expect(stats.metric).toBe("kappa-quadratic");
    expect(stats.report.categories).toEqual(["low", "medium", "high"]);
    expect(Object.keys(stats.classCounts)).toEqual(["low", "medium", "high"]);
    expect(stats.classCounts).toEqual({ low: 3, medium: 2, high: 3 });
    const expected = quadraticKappa(judgeValues, goldValues, ["low", "medium", "high"]);
    expect(stats.report.value).toBeCloseTo(expected, 12);
    // The order is what makes it right: alphabetical order (high < low < medium) gives another number.
    expect(Math.abs(expected - quadraticKappa(judgeValues, goldValues, ["high", "low", "medium"]))).toBeGreaterThan(0.05);
    expect(stats.report.positive).toBeNull();
    expect(stats.report.tpr).toBeNull();

    expect(stats.human.alphaLevel).toBe("ordinal");
    expect(stats.human.items).toBe(8);
    expect(stats.human.raters).toBe(2);
    expect(stats.human.fleissKappa).not.toBeNull();
    expect(stats.human.krippendorffAlpha).not.toBeNull();
    expect(stats.human.krippendorffAlpha!).toBeGreaterThan(0.5);
    expect(stats.human.krippendorffAlpha!).toBeLessThan(1);

    // Verbosity reads the kind's numbers (low 1, medium 2, high 3) for judge − human.
    expect(stats.verbosity).toMatchObject({ n: 8 });
    expect(stats.verbosity!.rho).not.toBeNull();
    expect(stats.position).toBeNull();
    expect(stats.orders).toBeNull();
  });

  it("feeds the agreement page's statistics: the same ceiling, in its own order", () => {
    const labels = reviewerLabels({ a: { r1: "low", r2: "low" }, b: { r1: "high", r2: "medium" }, c: { r1: "medium", r2: "medium" } });
    const result = queueAgreement(labels, { kind, scale: null });
    expect(result.categories).toEqual(["low", "medium", "high"]);
    expect(result.group.alphaLevel).toBe("ordinal");
    expect(result.group.alpha).not.toBeNull();
    expect(result.disagreements).toEqual([
      { transcriptId: "b", labels: labels.slice(2, 4).map(({ reviewerId, value }) => ({ reviewerId, value })), values: ["medium", "high"] },
    ]);
    expect(result.pairs).toHaveLength(1);
  });
});
