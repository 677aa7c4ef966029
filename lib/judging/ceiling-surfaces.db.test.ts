import { describe, expect, it } from "vitest";
import { queueAgreementCommand } from "../cli/commands/queue-actions";
import { createLogger } from "../cli/logger";
import { statsOf } from "../db/calibrations";
import { loadCurrentLabels, shapeOf } from "../db/agreement";
import { findLabelSet } from "../db/label-sets";
import { queueAgreement } from "../labeling/agreement";
import { startMockLlmServer } from "../providers/mock-server";
import { seedJudgeVersion, seedLabelSet, seedUser } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

const server = mockLlmForFile(() => startMockLlmServer({ flavor: "openai", reply: () => ({ text: "PASS: fine" }) }));

const labels = (...values: string[]) => values.map((value, i) => ({ reviewer: `r${i + 1}`, value }));

describe("one human ceiling on every surface (database, command, stored calibration)", () => {
  it("keeps a split's pending disagreements: the calibration, the judge pages reading it and `gavel queue agreement` agree", async () => {
    const admin = await seedUser("admin-ceiling@example.com");
    // t1 settled, t3 awaiting adjudication, both in test; t2 settled and t4 pending in dev.
    const { queueId } = await seedLabelSet({
      name: "ceiling-set",
      kind: "binary",
      reviewersPerItem: 2,
      items: [
        { key: "t1", split: "test", output: "one", gold: "pass", labels: labels("pass", "pass", "pass") },
        { key: "t2", split: "dev", output: "two", gold: "fail", labels: labels("fail", "fail", "fail") },
        { key: "t3", split: "test", output: "three", gold: null, labels: labels("pass", "pass", "fail") },
        { key: "t4", split: "dev", output: "four", gold: null, labels: labels("pass", "fail") },
      ],
    });
    const version = await seedJudgeVersion("ceiling-judge", {
      provider: "openai",
      model: "ceiling-model",
      baseUrl: server.baseUrl,
      promptTemplate: "Output: {{output}}\nPASS or FAIL?",
      parser: "pass_fail",
    });
    await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
    const calibration = await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin.id });
    // −0.200 on t1 and t3 (it read 1.000 on t1 alone while t3 awaited adjudication).
    expect(statsOf(calibration).human.fleissKappa).toBeCloseTo(-0.2, 15);
    expect(calibration.humanKappa).toBe(statsOf(calibration).human.fleissKappa);

    let out = "";
    const logger = createLogger({ stdout: { write: (text: string) => ((out += text), true) } as NodeJS.WritableStream });
    await queueAgreementCommand("ceiling-set", true, logger);
    const json = JSON.parse(out);
    expect(json.splits.test.kappa).toBe(statsOf(calibration).human.fleissKappa);
    expect(json.splits.test.items).toBe(2);

    // The Agreement page's number is the queue's: the same command prints it.
    const queue = (await findLabelSet("ceiling-set"))!;
    const page = queueAgreement(await loadCurrentLabels(queue), shapeOf({ ...queue, kind: "binary" })).group.fleissKappa;
    expect(page).toBeCloseTo(23 / 143, 15);
    expect(json.ceiling.kappa).toBe(page);
    expect(json.rule).toMatch(/disagreements awaiting adjudication included/);
  }, 60_000);
});
