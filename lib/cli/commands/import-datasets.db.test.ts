import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const run = (args: string[]) => gavel(args, { DATABASE_URL: database.url() });

async function rows() {
  const c = db();
  return Promise.all([
    c.transcript.count(),
    c.labelQueue.count(),
    c.queueItem.count(),
    c.goldLabel.count(),
    c.label.count(),
    c.user.count(),
    c.judgeVersion.count(),
    c.judgeVerdict.count(),
    c.calibration.count(),
  ]);
}

/** `gavel import <dataset> <file> --json` exits 0 and its report says at least `expected`. */
async function importReports(dataset: string, file: string, expected: Record<string, unknown>) {
  const result = await run(["import", dataset, file, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ dataset, ...expected });
}

describe("gavel import on the repository's copies of the data sets", () => {
  it("imports LLMBar and HANNA on a clean database, and again without duplicating anything", async () => {
    await importReports("llmbar", "datasets/llmbar", {
      transcripts: { created: 300 },
      judgeVersions: { created: 8 },
      verdicts: { created: 4000, errors: 33 },
    });
    await importReports("hanna", "datasets/hanna/hanna_metric_scores_llm.csv", {
      transcripts: { created: 5760 },
      labelSets: { created: 6 },
      gold: 5760,
      labels: 17280,
      judgeVersions: { created: 20 },
      verdicts: { created: 115200 },
      calibrations: 240,
    });
    const first = await rows();

    const again = await run(["import", "llmbar", "datasets/llmbar"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("LLMBar: 0 new transcripts (300 already stored), 0 new label sets (2 existing)");
    const hannaAgain = await run(["import", "hanna", "datasets/hanna/hanna_metric_scores_llm.csv"]);
    expect(hannaAgain.code, hannaAgain.stderr).toBe(0);
    expect(hannaAgain.stdout).toContain("0 verdicts added (115200 already stored");
    expect(await rows()).toEqual(first);
  }, 600_000);

  it("exits 2 naming the problem for a path that is not the data set", async () => {
    const result = await run(["import", "hanna", "datasets/llmbar"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Nothing was imported");
    expect(result.stderr).toContain("datasets/llmbar: no such file");
  });
});
