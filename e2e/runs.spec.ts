import { expect, test } from "@playwright/test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_RUNS } from "../prisma/demo-runs";
import { account, gavel, hotkeysReady, signIn } from "./helpers";

/**
 * Real runs made the way a user makes them — `gavel run` as a child process — against the database
 * the e2e server uses, then read back through the pages.
 */

async function runId(args: string[], expectedCode: number): Promise<string> {
  // No baseline: these runs are made from a git checkout (branch and commit come from git), so they
  // would be held against the demo's main runs; this file is about the pages, not the baseline gates.
  const result = await gavel([...args, "--baseline", "none", "--json", "--out", out]);
  expect(result.code, result.stderr).toBe(expectedCode);
  return JSON.parse(result.stdout).runId as string;
}

const out = mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-results-"));
const runs: Record<string, string> = {};

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000); // four CLI runs, one after the other (the list's order is part of the test)
  // An agent whose output is markup: the report must show it as text, never run it.
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-suite-"));
  writeFileSync(
    path.join(dir, "agent.mjs"),
    `export const htmlAgent = () => '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><b>bold claim</b>';\n`,
  );
  writeFileSync(
    path.join(dir, "suite.yaml"),
    "name: e2e-markup\ntasks:\n  - { id: markup, prompt: say hi, grader: exact, expected: hi }\n",
  );
  runs.smoke = await runId(["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent"], 0);
  runs.reference = await runId(
    ["run", "datasets/refund", "--agent", "module:datasets/refund/agents.ts#referenceAgent", "--trials", "2"],
    0,
  );
  runs.regressed = await runId(
    ["run", "datasets/refund", "--agent", "module:datasets/refund/agents.ts#regressedAgent", "--trials", "2"],
    1,
  );
  runs.markup = await runId(["run", dir, "--agent", `module:${path.join(dir, "agent.mjs")}#htmlAgent`], 1);
});

test("the runs list shows each run, newest first, with suite, agent, pass rate and gate", async ({ page }) => {
  await signIn(page, account("viewer"));
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-testid")));
  const ours = ids.filter((id) => Object.values(runs).some((r) => id === `run-row-${r}`));
  expect(ours).toEqual([runs.markup, runs.regressed, runs.reference, runs.smoke].map((r) => `run-row-${r}`));
  const regressed = page.getByTestId(`run-row-${runs.regressed}`);
  await expect(regressed).toContainText("refund");
  await expect(regressed).toContainText("module:datasets/refund/agents.ts#regressedAgent");
  await expect(regressed).toContainText("71.4%");
  await expect(regressed).toContainText("gate failed");
  await expect(page.getByTestId(`run-row-${runs.smoke}`)).toContainText("gate passed");
});

test("a failed run shows every verdict with its reason and highlights the step that broke", async ({ page }) => {
  await signIn(page, account("reviewer"), `/runs/${runs.regressed}`);
  await expect(page.getByRole("heading", { name: `Run ${runs.regressed}` })).toBeVisible();
  await expect(page.getByLabel("Gate reasons")).toContainText("pass rate 71.4% is below the threshold 95.0%");
  await expect(page.getByTestId("gate-threshold")).toContainText("fail");
  const row = page.getByTestId("task-row-refund-full-bank");
  await expect(row.getByRole("link", { name: "refund-full-bank trial 1: fail" })).toBeVisible();
  await expect(row).toContainText("0.00");
  await expect(row).toContainText("state: 2 of 3 assertions fail");
  // Trials are collapsed: no task is open until asked for.
  await expect(page.getByRole("region", { name: /^Task / })).toHaveCount(0);

  await row.getByRole("link", { name: "refund-full-bank trial 1: fail" }).click();
  const task = page.getByRole("region", { name: "Task refund-full-bank", exact: true });
  const trial = task.getByRole("article", { name: "Trial 1 of refund-full-bank", exact: true });
  await expect(trial.getByLabel("Grader verdicts")).toContainText('a second issue_refund for the same order_id "A1002"');
  const failing = trial.getByTestId("failing-step");
  await expect(failing).toHaveCount(1);
  await expect(failing).toContainText("issue_refund");
  await expect(failing).toContainText("Failing step:");
  await expect(failing.getByRole("cell").first()).toHaveText("3");
  // Highlighted: a background of its own, unlike the steps that went fine.
  const background = (el: Element) => getComputedStyle(el).backgroundColor;
  const fine = trial.getByRole("table", { name: "Trajectory" }).getByRole("row").nth(1);
  await expect(fine).toContainText("get_order");
  expect(await failing.evaluate(background)).not.toBe(await fine.evaluate(background));
  expect(await failing.evaluate(background)).not.toBe("rgba(0, 0, 0, 0)");
  // The other trial of the task is there, collapsed.
  await expect(task.getByRole("article", { name: "Trial 2 of refund-full-bank", exact: true })).toBeHidden();
  // A passing task's trials are one click away.
  await page.getByRole("link", { name: "refund-full-card", exact: true }).click();
  await expect(page.getByRole("region", { name: "Task refund-full-card", exact: true }).getByTestId("failing-step")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Task refund-full-card", exact: true }).locator("details[id^='trial-refund-full-card-']"),
  ).toHaveCount(2);
});

test("the demo's failed refund run leads with the verdict and its failures grouped by where they broke, the rest folded", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The regressed agent's demo run: on its own branch, held against the reference run on main.
  await signIn(page, account("viewer"), "/runs?branch=retry-pending-refunds");
  const row = page.getByRole("row").filter({ hasText: "regressedAgent" }).first();
  const demoRun = (await row.getAttribute("data-testid"))!.replace(/^run-row-/, "");
  await page.goto(`/runs/${demoRun}`);
  await expect(page.getByTestId("run-where")).toContainText("branch retry-pending-refunds");

  const verdict = page.getByTestId("run-verdict");
  await expect(verdict).toContainText("Gate failed");
  await expect(verdict).toContainText(/\d+ newly failing tasks · pass rate \d+\.\d% vs threshold \d+\.\d%/);
  const headline = page.getByTestId("failure-headline");
  await expect(headline).toContainText(/^All \d+ newly failing tasks break at steps? 3\b.* issue_refund: /);
  const groups = page.getByTestId("failure-group");
  const first = groups.first();
  await expect(first).toContainText(/^\d+ at steps? 3\b.* issue_refund — /);
  await expect(first.getByRole("link", { name: "refund-full-bank", exact: true })).toBeVisible();

  // Above the fold at 1440×900: the verdict, the headline and the whole first group.
  for (const el of [verdict, headline, first]) {
    const box = (await el.boundingBox())!;
    expect(box.y + box.height, await el.innerText()).toBeLessThanOrEqual(900);
  }

  // The count in the verdict is the tasks in the groups, each task listed once.
  const newly = Number((await verdict.innerText()).match(/(\d+) newly failing/)![1]);
  const listed = await groups.getByRole("link").allInnerTexts();
  expect(listed.length).toBe(newly);
  expect(new Set(listed).size).toBe(listed.length);
  // The same tasks compare with the baseline calls newly failing, nothing more.
  await page.getByRole("link", { name: "Compare with the baseline" }).click();
  const changes = page.getByRole("table", { name: "Newly failing tasks" }).locator("tr[data-testid^='change-']");
  await expect(changes).toHaveCount(newly);
  const compared = await changes.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-testid")!.replace(/^change-/, "")));
  expect([...compared].sort()).toEqual([...listed].sort());
  await page.goto(`/runs/${demoRun}`);

  // The gate's reasons are folded under the verdict, the first one in the fold's line.
  await expect(page.getByTestId("gate-reasons-folded").locator("summary")).toContainText(/^Why: pass rate \d+\.\d% is below the threshold/);
  await expect(page.getByLabel("Gate reasons")).toBeHidden();
  // The gate table is folded, one click away, and still says which gate failed.
  const folded = page.getByTestId("gates-folded");
  await expect(folded).toContainText(/Gates: \d+ failed of \d+/);
  const table = page.getByRole("table", { name: "Gate results" });
  await expect(table).toBeHidden();
  await expect(page.getByTestId("gate-threshold")).toContainText("fail");
  const shot = await page.screenshot();
  writeFileSync(test.info().outputPath("failed-run.png"), shot);
  if (process.env.GAVEL_DOCS_SCREENSHOTS === "1") {
    mkdirSync(path.join("docs", "images"), { recursive: true });
    writeFileSync(path.join("docs", "images", "failed-run.png"), shot);
  }
  await folded.locator("summary").click();
  await expect(table).toBeVisible();
  // A group's task opens at its trials.
  await page.getByTestId("failure-group").first().getByRole("link", { name: "refund-full-bank", exact: true }).click();
  await expect(page.getByRole("region", { name: "Task refund-full-bank", exact: true })).toBeVisible();
});

test("the run page filters tasks by status, tag and grader, with keys for the filters", async ({ page }) => {
  await signIn(page, account("viewer"), `/runs/${runs.regressed}`);
  const rows = page
    .getByRole("table", { name: "Tasks" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(35);
  await page
    .getByRole("navigation", { name: "Task filters" })
    .getByRole("link", { name: /^Failing/ })
    .click();
  await expect(page).toHaveURL(/status=failing/);
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId("task-row-refund-full-bank")).toBeVisible();
  await hotkeysReady(page);
  await page.keyboard.press("a");
  await expect(page).not.toHaveURL(/status=/);
  await expect(rows).toHaveCount(35);
  await page.keyboard.press("f");
  await expect(page).toHaveURL(/status=failing/);
  await page.getByLabel("Grader failed").selectOption("rule");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No task matches these filters.")).toBeVisible();
  await page.goto(`/runs/${runs.regressed}?tag=category%3Dhappy`);
  await expect(rows.first()).toContainText("happy");
});

test("compare: the reference and the regressed run, newly failing tasks linked to the failing step", async ({ page }) => {
  await signIn(page, account("viewer"), `/runs/compare?base=${runs.reference}&head=${runs.regressed}`);
  await expect(page.getByTestId("compare-pass-rate")).toHaveText("100.0% → 71.4%");
  await expect(page.getByTestId("compare-paired")).toContainText("−28.6 points");
  const failing = page.getByRole("table", { name: "Newly failing tasks" });
  await expect(failing.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(10);
  const link = page.getByTestId("change-refund-full-bank").getByRole("link");
  await expect(link).toContainText(/trial 1, step 3 issue_refund \{("order_id":"A1002","amount":120|"amount":120,"order_id":"A1002")\}/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runs.regressed}\\?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3$`));
  const step = page.locator("#trial-refund-full-bank-1-step-3");
  await expect(step).toBeVisible();
  await expect(step).toContainText("issue_refund");
  await expect(step).toContainText("A1002");
  await expect(step).toBeInViewport();
  // Every run links to a comparison.
  await page
    .getByRole("link", { name: /^Compare/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/runs\/compare\?/);
});

test("the smoke run shows the summary task as skipped, with why", async ({ page }) => {
  await signIn(page, account("viewer"), `/runs/${runs.smoke}`);
  await expect(page.getByTestId("task-row-summary")).toContainText("skipped");
  await expect(page.getByTestId("task-row-summary")).toContainText("undefined");
  // Said once under the table: a statistic without a value, not a leaked JavaScript undefined.
  await expect(page.getByTestId("undefined-note")).toHaveText(
    "undefined: no scored trial (skipped and errored trials are not scored), so pass@1 and pass^1 have no value.",
  );
  await page.getByRole("link", { name: "summary", exact: true }).click();
  const summary = page.getByRole("region", { name: "Task summary", exact: true });
  await expect(summary.getByLabel("Grader verdicts")).toContainText("no judge configured");
  await expect(page.getByText("Note: 1 trial skipped, not scored: judge: no judge configured")).toBeVisible();
});

test("agent output is shown as inert text", async ({ page }) => {
  await signIn(page, account("viewer"), `/runs/${runs.markup}?task=markup`);
  const trial = page.getByRole("article", { name: "Trial 1 of markup", exact: true });
  await expect(trial.locator("pre").first()).toContainText("<script>window.__pwned=1</script><b>bold claim</b>");
  await expect(trial.locator("b")).toHaveCount(0);
  await expect(trial.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a suite page charts pass rate, cost and p95 latency of its runs over time", async ({ page }) => {
  await signIn(page, account("viewer"), "/suites");
  await page.getByRole("link", { name: "refund", exact: true }).click();
  await expect(page).toHaveURL(/\/suites\/refund$/);
  const passRate = page.getByRole("figure", { name: "Pass rate over runs" });
  await expect(passRate).toBeVisible();
  // One series per branch and agent label (main a line, other branches points): at least one.
  await expect.poll(() => passRate.locator(".recharts-line-curve").count()).toBeGreaterThanOrEqual(1);
  // This file's two refund runs and the ones the first start seeded — and any other spec (ci.spec)
  // sends at the same time: one dot and one row per run.
  const atLeast = DEMO_RUNS.filter((r) => r.suite === "datasets/refund").length + 2;
  const table = page.getByRole("table", { name: "Runs of this suite" });
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(atLeast);
  await expect(passRate.locator(".recharts-line-dot")).toHaveCount(await rows.count());
  await expect(page.getByRole("figure", { name: "Cost and p95 latency over runs" })).toBeVisible();
  const regressed = rows.filter({ has: page.locator(`a[href="/runs/${runs.regressed}"]`) });
  await expect(regressed).toContainText("gate failed");
  await regressed.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runs.regressed}$`));
});
