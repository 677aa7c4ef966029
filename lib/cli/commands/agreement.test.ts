import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { captureLogger, tempFolder } from "../../testing/capture-logger";
import { runAgreement } from "./agreement";

const tmp = tempFolder("gavel-agreement-");
afterAll(tmp.remove);
const file = tmp.file;
const capture = captureLogger;

// The Wikipedia Cohen's kappa example (κ = 0.4) as a CSV, written the long way.
const wikipedia = [
  "reader_a,reader_b",
  ...Array(20).fill("yes,yes"),
  ...Array(5).fill("yes,no"),
  ...Array(10).fill("no,yes"),
  ...Array(15).fill("no,no"),
].join("\n");

describe("gavel agreement", () => {
  it("prints the documented JSON for a CSV file", () => {
    const io = capture();
    runAgreement(file("w.csv", wikipedia), { a: "reader_a", b: "reader_b", positive: "yes", json: true }, io.logger);
    const json = JSON.parse(io.out());
    expect(Object.keys(json)).toEqual(["metric", "n", "value", "se", "ci95", "accuracy", "confusion", "tpr", "tnr", "missing"]);
    expect(json).toMatchObject({
      metric: "kappa",
      n: 50,
      accuracy: 0.7,
      confusion: {
        labels: ["no", "yes"],
        matrix: [
          [15, 10],
          [5, 20],
        ],
      },
    });
    expect(json.value).toBeCloseTo(0.4, 12);
    expect(json.tpr).toBeCloseTo(20 / 30, 12);
    expect(json.ci95).toHaveLength(2);
  });

  it("reads JSONL with numbers, leaves rows with a missing value out and says so", () => {
    const io = capture();
    const lines = [
      { j: 1, h: 1 },
      { j: 2, h: 3 },
      { j: 3, h: 3 },
      { j: 5, h: 4 },
      { j: 4, h: null },
      { j: "", h: 2 },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const report = runAgreement(file("r.jsonl", lines), { a: "j", b: "h", metric: "kappa-quadratic", categories: "1,2,3,4,5" }, io.logger);
    expect(report.n).toBe(4);
    expect(report.categories).toEqual(["1", "2", "3", "4", "5"]);
    expect(io.err()).toContain('2 rows left out: a value is missing in "j" in 1, "h" in 1 (null 1, empty 1).');
    expect(io.out()).toContain("weighted kappa (quadratic)");
  });

  it("prints null, never 0 or 1, for an undefined kappa and 'undefined' in the table", () => {
    const csv = file("constant.csv", "a,b\npass,pass\npass,pass\npass,pass\n");
    const json = capture();
    runAgreement(csv, { a: "a", b: "b", json: true }, json.logger);
    expect(JSON.parse(json.out())).toMatchObject({ value: null, se: null, ci95: null, tnr: null });
    const table = capture();
    runAgreement(csv, { a: "a", b: "b" }, table.logger);
    expect(table.out()).toMatch(/kappa\s+undefined/);
  });

  it("prints Kendall's tau-b with its standard error and Wald interval in the same JSON shape", () => {
    // The hand-computed tied example of lib/stats/kendall.test.ts: τ-b = 0.4, SE = √0.2112.
    const io = capture();
    runAgreement(file("k.csv", "x,y\n1,1\n2,3\n2,2\n3,2\n"), { a: "x", b: "y", metric: "kendall", json: true }, io.logger);
    const json = JSON.parse(io.out());
    expect(Object.keys(json)).toEqual(["metric", "n", "value", "se", "ci95", "accuracy", "confusion", "tpr", "tnr", "missing"]);
    expect(json).toMatchObject({ metric: "kendall", n: 4 });
    expect(json.value).toBeCloseTo(0.4, 14);
    expect(json.se).toBeCloseTo(Math.sqrt(0.2112), 14);
    expect(json.ci95[0]).toBeCloseTo(0.4 - 1.959963984540054 * Math.sqrt(0.2112), 14);
  });

  it("says Kendall's tau needs numbers, and prints null for a constant column", () => {
    expect(() => runAgreement(file("w3.csv", wikipedia), { a: "reader_a", b: "reader_b", metric: "kendall" }, capture().logger)).toThrow(
      /Kendall's tau needs numeric ratings/,
    );
    const io = capture();
    runAgreement(file("k2.csv", "x,y\n1,3\n2,3\n3,3\n"), { a: "x", b: "y", metric: "kendall", json: true }, io.logger);
    expect(JSON.parse(io.out())).toMatchObject({ value: null, se: null, ci95: null });
  });

  it("plans how many more items would decide a bar: --plan-bar with the gate's counting rules", () => {
    // Wikipedia's table: κ = 0.4 on 50 items; SE by Fleiss–Cohen–Everitt. n* = ceil(50 · (1.959964 · SE / 0.2)²).
    const io = capture();
    const report = runAgreement(
      file("plan.csv", wikipedia),
      { a: "reader_a", b: "reader_b", positive: "yes", json: true, planBar: "0.6", minItems: "60", minPerClass: "28" },
      io.logger,
    );
    const { plan } = JSON.parse(io.out());
    const nStar = Math.ceil(50 * ((1.959963984540054 * report.se!) / 0.2) ** 2);
    expect(plan).toMatchObject({
      bar: 0.6,
      state: "label",
      decided: false,
      moreToDecide: nStar - 50,
      nStar,
      perClassShortfall: { no: 8, yes: 0 },
      itemsShortfall: 10,
    });
    const table = capture();
    runAgreement(file("plan2.csv", wikipedia), { a: "reader_a", b: "reader_b", positive: "yes", planBar: "0.6" }, table.logger);
    expect(table.out()).toContain(`Label about ${nStar - 50} more items to tell κ 0.400 from the bar 0.60`);
    expect(table.out()).toContain(`n* = ${nStar} (${nStar - 50} more)`);
  });

  it("gives an undefined plan (null, never 0) when κ is undefined, and refuses plan rules without a bar", () => {
    const io = capture();
    runAgreement(
      file("flat.csv", "a,b\npass,pass\npass,pass\n"),
      { a: "a", b: "b", json: true, planBar: "0.6", minPerClass: "1" },
      io.logger,
    );
    expect(JSON.parse(io.out()).plan).toMatchObject({
      bar: 0.6,
      state: "undefined",
      decided: false,
      moreToDecide: null,
      nStar: null,
      perClassShortfall: { pass: 0 },
      itemsShortfall: 0,
    });
    expect(() => runAgreement(file("w4.csv", wikipedia), { a: "reader_a", b: "reader_b", minItems: "30" }, capture().logger)).toThrow(
      /--plan-bar B/,
    );
    expect(() => runAgreement(file("w5.csv", wikipedia), { a: "reader_a", b: "reader_b", planBar: "2" }, capture().logger)).toThrow(
      /--plan-bar must be between -1 and 1/,
    );
  });

  it.each([
    [{ a: "x", b: "reader_b" }, /no column "x"; its columns are reader_a, reader_b/],
    [{ a: "reader_a", b: "reader_b", metric: "alpha" }, /--metric must be one of/],
    [{ a: "reader_a", b: "reader_b", metric: "spearman" }, /numeric ratings/],
    [{ a: "reader_a", b: "reader_b", positive: "maybe" }, /positive label "maybe"/],
    [{ b: "reader_b" }, /--a COL/],
  ])("refuses bad usage %j with a message", (options, message) => {
    expect(() => runAgreement(file("w2.csv", wikipedia), options, capture().logger)).toThrow(message);
  });

  it("refuses unreadable files, naming the line", () => {
    expect(() => runAgreement(file("bad.jsonl", '{"a": 1}\nnot json\n'), { a: "a", b: "b" }, capture().logger)).toThrow(
      /bad\.jsonl, line 2: not valid JSON/,
    );
    expect(() => runAgreement(file("x.txt", "a"), { a: "a", b: "b" }, capture().logger)).toThrow(/use a \.csv, \.tsv or \.jsonl file/);
    expect(() => runAgreement(path.join(tmp.dir, "missing.csv"), { a: "a", b: "b" }, capture().logger)).toThrow(/Cannot read .*ENOENT/);
  });

  // Two real processes (tsx compiles on start): slow on a loaded machine, so a generous timeout.
  it("is registered as `gavel agreement` and exits 2 on bad usage", { timeout: 60_000 }, () => {
    const csv = file("cli.csv", wikipedia);
    const bin = path.resolve(import.meta.dirname, "../../../bin/gavel.mjs");
    const out = execFileSync(
      process.execPath,
      [bin, "agreement", csv, "--a", "reader_a", "--b", "reader_b", "--positive", "yes", "--json"],
      { encoding: "utf8" },
    );
    expect(JSON.parse(out).value).toBeCloseTo(0.4, 12);
    let status = 0;
    try {
      execFileSync(process.execPath, [bin, "agreement", csv, "--a", "nope", "--b", "reader_b"], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(2);
  });

  it("weights a stratified sample by --inclusion (Horvitz–Thompson) and refuses a π outside (0, 1] naming its row", () => {
    // 10 rows drawn with π = 1 where the judge said fail, 10 with π = 0.25 where it said pass: the pass rows count 4×.
    const rows = [
      "judge,human,pi,stratum",
      ...Array(8).fill("fail,fail,1,fail"),
      ...Array(2).fill("fail,pass,1,fail"),
      ...Array(9).fill("pass,pass,0.25,pass"),
      "pass,fail,0.25,pass",
    ].join("\n");
    const io = capture();
    runAgreement(
      file("ht.csv", rows),
      { a: "judge", b: "human", positive: "pass", inclusion: "pi", stratum: "stratum", json: true },
      io.logger,
    );
    const json = JSON.parse(io.out());
    expect(json).toMatchObject({ estimator: "horvitz-thompson", interval: "bootstrap", n: 20 });
    // By hand: weighted table judge×human = [[8, 2], [4, 36]] (fail, pass) over 50: TPR 36/38, TNR 8/12, accuracy 44/50.
    expect(json.tpr).toBeCloseTo(36 / 38, 12);
    expect(json.tnr).toBeCloseTo(8 / 12, 12);
    expect(json.accuracy).toBeCloseTo(44 / 50, 12);
    expect(json.unweighted).toMatchObject({ accuracy: 17 / 20 });

    const same = capture();
    runAgreement(file("same.csv", rows.replace(/,0\.25,/g, ",1,")), { a: "judge", b: "human", inclusion: "pi", json: true }, same.logger);
    expect(JSON.parse(same.out())).toMatchObject({ estimator: "unweighted", accuracy: 17 / 20, unweighted: null });

    expect(() =>
      runAgreement(
        file("bad-pi.csv", rows.replace("pass,fail,0.25", "pass,fail,1.5")),
        { a: "judge", b: "human", inclusion: "pi" },
        capture().logger,
      ),
    ).toThrow('Column "pi", row 20: an inclusion probability is a number in (0, 1], not "1.5".');
    expect(() => runAgreement(file("ht2.csv", rows), { a: "judge", b: "human", stratum: "stratum" }, capture().logger)).toThrow(
      /--stratum belongs to a stratified sample/,
    );
    expect(() => runAgreement(file("ht3.csv", rows), { a: "judge", b: "human", inclusion: "weight" }, capture().logger)).toThrow(
      /has no column "weight"/,
    );
  });
});
