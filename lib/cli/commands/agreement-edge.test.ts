import { afterAll, describe, expect, it } from "vitest";
import { cohensKappa, ppiMean } from "../../stats";
import { captureLogger, tempFolder } from "../../testing/capture-logger";
import { runAgreement } from "./agreement";

const tmp = tempFolder("gavel-agreement-edge-");
afterAll(tmp.remove);
const file = tmp.file;
const capture = captureLogger;

describe("gavel agreement: missing markers", () => {
  it("counts NA, N/A, NaN, null and empty cells as missing, reports them, and leaves κ as without those rows", () => {
    const csv = file(
      "na.csv",
      [
        "judge,human",
        "pass,pass",
        "pass,fail",
        "fail,fail",
        "fail,fail",
        "pass,pass",
        "pass,NA",
        "NaN,pass",
        "fail,n/a",
        "null,fail",
        "pass,",
      ].join("\n"),
    );
    const io = capture();
    runAgreement(csv, { a: "judge", b: "human", json: true }, io.logger);
    const json = JSON.parse(io.out());
    expect(json.n).toBe(5);
    expect(json.value).toBeCloseTo(cohensKappa(["pass", "pass", "fail", "fail", "pass"], ["pass", "fail", "fail", "fail", "pass"])!, 15);
    expect(json.confusion.labels).toEqual(["fail", "pass"]);
    expect(json.tpr).toBe(1);
    expect(json.tnr).toBeCloseTo(2 / 3, 15);
    expect(json.missing).toEqual({ a: 2, b: 3, rows: 5, markers: { NA: 1, NaN: 1, "N/A": 1, null: 1, "": 1 } });
    expect(io.err()).toContain('5 rows left out: a value is missing in "judge" in 2, "human" in 3 (NA 1, NaN 1, N/A 1, null 1, empty 1).');
  });
});

describe("gavel agreement: numbers too large for a double", () => {
  const csv = () => file("big.csv", ["judge,human", "1,1", "2,2", "3,1e309", "4,4", "5,3"].join("\n"));

  it("refuses them naming the column and row when the metric reads numbers", () => {
    for (const metric of ["spearman", "kendall", "kappa-quadratic"]) {
      expect(() => runAgreement(csv(), { a: "judge", b: "human", metric }, capture().logger)).toThrow(
        'Column "human", row 3: 1e309 is too large for a number (beyond ±1.8e308).',
      );
    }
  });

  it("keeps them as the label they are for unweighted κ, which never reads a number", () => {
    const io = capture();
    const report = runAgreement(csv(), { a: "judge", b: "human", json: true }, io.logger);
    expect(report.n).toBe(5);
    expect(report.spearman).toBeNull();
    expect(report.confusion.labels).toContain("1e309");
  });

  it("never fails because of a column the metric does not read", () => {
    const io = capture();
    const report = runAgreement(
      file("other.csv", ["judge,human,score", "1,1,1e309", "2,2,NA", "3,3,x"].join("\n")),
      { a: "judge", b: "human", metric: "spearman" },
      io.logger,
    );
    expect(report.value).toBe(1);
  });
});

describe("gavel agreement --ppi", () => {
  // 40 labeled rows (judge agrees with humans on 34) and 160 rows the judge alone saw.
  const labeled = [
    ...Array(20).fill(["pass", "pass"]),
    ...Array(4).fill(["pass", "fail"]),
    ...Array(2).fill(["fail", "pass"]),
    ...Array(14).fill(["fail", "fail"]),
  ] as [string, string][];
  const unlabeled = [...Array(100).fill("pass"), ...Array(60).fill("fail")] as string[];
  const csv = () =>
    file(
      "ppi.csv",
      ["judge,human", ...labeled.map(([j, h]) => `${j},${h}`), ...unlabeled.map((j, i) => (i % 2 ? `${j},` : `${j},NA`))].join("\n"),
    );

  it("prints ppi {estimate, ci95, n, N, lambda, humansOnly} equal to lib/stats' PPI++ on the same rows", () => {
    const io = capture();
    runAgreement(csv(), { a: "judge", b: "human", ppi: true, positive: "pass", json: true }, io.logger);
    const { ppi, n } = JSON.parse(io.out());
    const expected = ppiMean(
      labeled.map(([j, h]) => ({ judge: j === "pass" ? 1 : 0, human: h === "pass" ? 1 : 0 })),
      unlabeled.map((j) => (j === "pass" ? 1 : 0)),
      { range: [0, 1] },
    )!;
    expect(n).toBe(40);
    expect(ppi).toMatchObject({ n: 40, N: 200, estimator: "ppi++", positive: "pass" });
    expect(ppi.estimate).toBe(expected.estimate);
    expect(ppi.ci95).toEqual([expected.ci95!.low, expected.ci95!.high]);
    expect(ppi.lambda).toBe(expected.lambda);
    expect(ppi.humansOnly).toEqual({ estimate: 22 / 40, ci95: [expected.humansOnly.ci95!.low, expected.humansOnly.ci95!.high] });
    expect(ppi.ci95[1] - ppi.ci95[0]).toBeLessThan(ppi.humansOnly.ci95[1] - ppi.humansOnly.ci95[0]);
    expect(ppi.judge).toBeCloseTo((24 + 100) / 200, 15);
    expect(ppi.plan).toMatchObject({ halfWidth: 0.05 });
    expect(io.err()).toContain("160 rows without both values");
  });

  it("prints the estimate, both intervals and the plan in the table", () => {
    const io = capture();
    runAgreement(csv(), { a: "judge", b: "human", ppi: true, positive: "pass", ppiHalfWidth: "0.1" }, io.logger);
    expect(io.out()).toMatch(/human-equivalent pass rate \("human" = pass\) by prediction-powered inference \(PPI\+\+\)/);
    expect(io.out()).toMatch(/humans only \(the 40 labeled rows\) 55\.0%/);
    expect(io.out()).toMatch(/plan: label about \d+ more \(\d+ of 200, now 40\) to get the interval to ±10\.0%/);
  });

  it("asks for the passing label and for rows of both kinds", () => {
    expect(() => runAgreement(file("nopos.csv", "j,h\nx,y\ny,x\nx,\n"), { a: "j", b: "h", ppi: true }, capture().logger)).toThrow(
      /--positive LABEL/,
    );
    expect(() =>
      runAgreement(file("nounl.csv", "j,h\npass,pass\nfail,pass\n"), { a: "j", b: "h", ppi: true, positive: "pass" }, capture().logger),
    ).toThrow(/found 2 and 0/);
  });
});
