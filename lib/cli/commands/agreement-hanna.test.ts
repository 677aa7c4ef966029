import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { runAgreement } from "./agreement";

/**
 * docs/real-data.md tells a reader how to recompute any cell of HANNA's published figure from the upstream CSV: a
 * `node -e` one-liner that writes the pair, then `gavel agreement --metric kendall`. This runs exactly the documented
 * script (read out of the doc), so the doc cannot drift from what works.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const dir = mkdtempSync(path.join(tmpdir(), "gavel-hanna-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function documentedScript(): string {
  const doc = readFileSync(path.join(root, "docs/real-data.md"), "utf8");
  const match =
    /```sh\nnode -e '\n([\s\S]*?)\n' > (hanna-[\w-]+\.csv)\nnpx @gavel-evals\/gavel agreement \2 --a llm --b human --metric kendall\n```/.exec(
      doc,
    );
  if (!match) throw new Error("docs/real-data.md no longer shows the HANNA recompute command in the expected form.");
  return match[1]!;
}

function capture() {
  let out = "";
  const sink = { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream;
  return { logger: createLogger({ stdout: sink, stderr: { write: () => true } as unknown as NodeJS.WritableStream }), out: () => out };
}

describe("recomputing a published HANNA cell with gavel agreement", () => {
  it("prints τ-b 0.2221 for Mistral-7B / prompt 1 / Coherence on all 960 stories (scipy: 0.2221050728296247)", { timeout: 60_000 }, () => {
    const csv = execFileSync(process.execPath, ["-e", documentedScript()], { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 });
    const file = path.join(dir, "pair.csv");
    writeFileSync(file, csv);
    expect(csv.trim().split("\n")).toHaveLength(961);

    const json = capture();
    runAgreement(file, { a: "llm", b: "human", metric: "kendall", json: true }, json.logger);
    const report = JSON.parse(json.out());
    expect(report.n).toBe(960);
    expect(Math.abs(report.value - 0.2221050728296247)).toBeLessThan(1e-6);
    // The SAS PROC FREQ ASE computed cell by cell with numpy (see lib/stats/kendall.test.ts).
    expect(report.se).toBeCloseTo(0.022916389010502188, 12);

    const table = capture();
    runAgreement(file, { a: "llm", b: "human", metric: "kendall" }, table.logger);
    expect(table.out()).toMatch(/Kendall's tau-b of "llm" against "human" on 960 items/);
    expect(table.out()).toMatch(/kendall\s+0\.2221\s+SE 0\.023\s+Wald 95% \[0\.177, 0\.267\]/);
    expect(table.out()).toContain("too many to print");
  });
});
