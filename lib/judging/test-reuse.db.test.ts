import { describe, expect, it } from "vitest";
import { startPassFailJudge } from "../providers/mock-server";
import { seedJudgeVersion, seedLabelSet } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { testReuseWarnings } from "./test-reuse";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

const server = mockLlmForFile(() => startPassFailJudge((prompt) => prompt.includes("good"), { pass: "ok", fail: "no" }));

describe("test-split reuse", () => {
  it("counts the versions of a judge calibrated on a label set's test split and warns at the limit (5), not on dev", async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({
      key: `r${i}`,
      split: (i < 4 ? "test" : "dev") as "test" | "dev",
      output: i % 2 ? "good" : "bad",
      gold: i % 2 ? "pass" : "fail",
    }));
    const { queueId } = await seedLabelSet({ name: "reuse-set", kind: "binary", items });
    const judge = { id: "", name: "reuse-judge" };
    for (let v = 1; v <= 5; v++) {
      const version = await seedJudgeVersion("reuse-judge", {
        provider: "openai",
        model: "m",
        baseUrl: server.baseUrl,
        promptTemplate: `Prompt number ${v}: {{output}}`,
        parser: "pass_fail",
      });
      judge.id = version.judgeId;
      // Dev calibrations are free: tuning happens there.
      await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "dev" });
      await calibrateOnLabelSet({ versionId: version.id, queueId, split: "dev", actorId: null });
      if (v < 5) {
        await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
        // Twice on one version is still one version.
        await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: null });
        await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: null });
        expect(await testReuseWarnings(judge)).toEqual([]);
      } else {
        await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
        await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: null });
      }
    }
    const warnings = await testReuseWarnings(judge);
    expect(warnings).toEqual([expect.stringContaining('The test split of "reuse-set" has calibrated 5 versions of reuse-judge (limit 5)')]);
    expect(await testReuseWarnings(judge, queueId)).toEqual(warnings);
    expect(await testReuseWarnings(judge, "another-set")).toEqual([]);
  }, 120_000);
});
