import { expect, test } from "@playwright/test";
import { lastUserText, startMockLlmServer, type MockLlmServer } from "../lib/providers/mock-server";
import { account, seedJudges, seedJudgesAsync, signedInPage } from "./helpers";
import { passFailSpec } from "./judge-steps";
import { unique } from "./seed";

/**
 * The held-out test split is protected by counting (issue #28): five versions of one judge calibrated on the same
 * test split reach the limit (GAVEL_TEST_REUSE_LIMIT, default 5), and both the version page and the approval say the
 * test split has been looked at often enough to overfit it. A mock OpenAI-compatible model on 127.0.0.1 judges.
 */
let server: MockLlmServer;
test.beforeAll(async () => {
  server = await startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => ({ text: lastUserText(body).includes("good answer") ? "PASS: meets the rubric" : "FAIL: misses the rubric" }),
  });
});
test.afterAll(() => server.close());

test("five versions calibrated on one test split: the version page and the approval warn that the test split is reused", async ({
  browser,
}) => {
  // Five judge runs on 30 items while seeding, then an approval: minutes on a loaded machine.
  test.setTimeout(300_000);
  const tag = unique();
  const set = `reuse-${tag}`;
  const judge = `reuse-judge-${tag}`;
  const reviewers = [account("reviewer", 0), account("reviewer", 1)];
  const items = Array.from({ length: 30 }, (_, i) => {
    const gold = i < 15 ? "pass" : "fail";
    return {
      key: `${gold}-${tag}-${i}`,
      split: "test",
      output: `${gold === "pass" ? "good" : "bad"} answer ${i}`,
      gold,
      labels: reviewers.map((r) => ({ reviewer: r.email, value: gold })),
    };
  });
  const versions = [1, 2, 3, 4, 5].map((v) => ({
    key: `v${v}`,
    name: judge,
    spec: passFailSpec(
      `reuse-${tag}`,
      server.baseUrl,
      `Prompt number ${v}.\nTask: {{task_prompt}}\nOutput: {{output}}\nAnswer PASS or FAIL, a colon and a reason.`,
    ),
  }));
  // v1–v4 first: below the limit, v4's page does not warn.
  const seeded = await seedJudgesAsync({
    labelSets: [{ name: set, kind: "binary", items }],
    versions: versions.slice(0, 4),
    calibrate: versions.slice(0, 4).map((v) => ({ version: v.key, labelSet: set, split: "test" })),
  });
  const admin = await signedInPage(browser, account("admin"), `/judges/versions/${seeded.versions.v4!.id}`);
  await expect(admin.getByRole("heading", { name: `${judge} v4` })).toBeVisible();
  await expect(admin.getByTestId("test-reuse-warning")).toHaveCount(0);

  const fifth = seedJudges({ versions: [versions[4]], calibrate: [] });
  const v5 = fifth.versions.v5!.id;
  // The fifth version calibrated on the same test split, from its page as a team would.
  await admin.goto(`/judges/versions/${v5}`);
  const run = admin.getByRole("form", { name: "Run and calibrate" });
  await run.getByLabel("Label set").selectOption(seeded.labelSets[set]!.queueId);
  await run.getByLabel("Split").selectOption("test");
  await run.getByRole("button", { name: "Run and calibrate" }).click();
  await expect(admin.getByTestId("run-result")).toContainText("test: 30 calls", { timeout: 60_000 });

  const warning = `The test split of "${set}" has calibrated 5 versions of ${judge} (limit 5)`;
  await admin.reload();
  await expect(admin.getByTestId("test-reuse-warning")).toContainText(warning);
  await expect(admin.getByTestId("test-reuse-warning")).toContainText("Draw a fresh test sample (Label more → a stratified draw)");

  // The approval says the same before the admin confirms, and goes through (every rule holds: approval is not refused).
  const gate = admin.getByTestId(`gate-on-${set}`);
  await gate.getByRole("button", { name: "Approve" }).click();
  const confirm = admin.getByTestId("approve-confirm");
  await expect(confirm.getByTestId("approve-warning")).toContainText(`Warning: ${warning}`);
  await confirm.getByRole("button", { name: "Confirm approval" }).click();
  await expect(admin.getByTestId("approval-status")).toContainText("may gate: its verdicts count", { timeout: 30_000 });
  // Approved, the version page still says it.
  await expect(admin.getByTestId("test-reuse-warning")).toContainText(warning);
});
