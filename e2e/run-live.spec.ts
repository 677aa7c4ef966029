import { expect, test } from "@playwright/test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gavel } from "../lib/testing/cli";
import { E2E_DATA_DIR } from "../playwright.config";
import { account, signIn } from "./helpers";

const SLOW_AGENT = "module:lib/testing/slow-refund-agents.ts#slowReferenceAgent";

test("the run page shows a run in flight: trials stored out of all, errors, throughput, ETA and its worker, live", async ({ page }) => {
  test.setTimeout(180_000);
  // 35 tasks one at a time, 400 ms each: in flight for about 15 s, long enough to watch. The refund
  // suite under a name of its own: other specs count and chart the refund suite's runs, and a run
  // still in flight has no pass rate to chart.
  // Inside the repository, as a suite's sandbox must be a relative module path.
  const suite = mkdtempSync(path.join(E2E_DATA_DIR, "live-suite-"));
  writeFileSync(
    path.join(suite, "suite.yaml"),
    readFileSync("datasets/refund/suite.yaml", "utf8")
      .replace(/^name: refund$/m, "name: refund-live")
      .replace("sandbox: ./sandbox.ts#", `sandbox: ${path.relative(suite, "datasets/refund/sandbox.ts")}#`),
  );
  const running = gavel(
    [
      "run",
      suite,
      "--agent",
      SLOW_AGENT,
      "--concurrency",
      "1",
      "--baseline",
      "none",
      "--quiet",
      "--out",
      mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-live-")),
    ],
    { GAVEL_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "", GAVEL_TEST_AGENT_DELAY_MS: "400" },
  );
  await signIn(page, account("viewer"));
  const row = page
    .getByRole("row")
    .filter({ hasText: SLOW_AGENT })
    .filter({ hasText: /running/i });
  await expect(async () => {
    await page.goto("/runs");
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const runId = (await row.getAttribute("data-testid"))!.replace("run-row-", "");
  await page.goto(`/runs/${runId}`);

  const card = page.getByTestId("live-progress");
  await expect(card).toBeVisible();
  const done = card.getByTestId("progress-done");
  await expect(done).toHaveText(/^\d+ \/ 35 \(/);
  const first = Number((await done.textContent())!.split(" ")[0]);
  expect(first).toBeLessThan(35);
  await expect(card.getByTestId("progress-errors")).toHaveText("0");
  // The process running it is its worker, seen a moment ago.
  await expect(card.getByTestId("progress-worker")).toHaveCount(1);
  await expect(card.getByTestId("progress-worker")).toContainText(/:\d+ .*ago.*active/);
  // No reload: the page refreshes itself, and the count goes up with throughput and ETA known.
  await expect(done).not.toHaveText(new RegExp(`^${first} /`), { timeout: 15_000 });
  await expect(card.getByTestId("progress-rate")).toHaveText(/^\d+(\.\d+)? trials\/s$/);
  await expect(card.getByTestId("progress-eta")).toHaveText(/^about \d+ (s|min)$/);

  // Once the run is done the card goes and the finished run's numbers stay.
  expect((await running).code).toBe(0);
  await expect(card).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText("Pass rate", { exact: true })).toBeVisible();
});
