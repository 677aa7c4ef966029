import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { agreementReport } from "../lib/judges/agreement";
import { formatInterval, formatStat } from "../lib/judges/format";
import { startPassFailJudge } from "../lib/providers/mock-server";
import { account, signIn, signedInPage, seedJudges } from "./helpers";
import { runAndCalibrate, specMockLlm } from "./judge-steps";

/**
 * Judges end to end: a mock OpenAI-compatible server on 127.0.0.1 stands in for the model (the app
 * calls it from the server), the labeling tables are seeded directly, and everything else happens
 * in the browser.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Good outputs should pass and bad ones fail; a judge is fooled by the marker its model falls for. */
function items(good: number, bad: number, markers: Record<number, string> = {}, split = "test") {
  return [
    ...Array.from({ length: good }, (_, i) => ({ key: `good-${i}`, split, output: `good answer ${i} ${markers[i] ?? ""}`, gold: "pass" })),
    ...Array.from({ length: bad }, (_, i) => ({
      key: `bad-${i}`,
      split,
      output: `bad answer ${i} ${markers[100 + i] ?? ""}`,
      gold: "fail",
    })),
  ];
}

const TEMPLATE = "Task: {{task_prompt}}\nRubric: {{rubric}}\nOutput: {{output}}\nAnswer PASS or FAIL, a colon and a reason.";
const spec = (model: string, baseUrl: string) => ({ provider: "openai", model, baseUrl, promptTemplate: TEMPLATE, parser: "pass_fail" });

const server = specMockLlm(() =>
  startPassFailJudge((prompt, model) => prompt.includes("good answer") !== prompt.includes(`fools-${model}`), {
    pass: "meets the rubric",
    fail: "misses the rubric",
  }),
);

/** The numbers as the app formats them, computed here from the same item-level truth. */
function expectedKappa(judge: string[], gold: string[]) {
  const r = agreementReport(judge, gold, { metric: "kappa", categories: ["fail", "pass"], positive: "pass" });
  return { value: formatStat(r.value), wald: formatInterval(r.ci95) };
}

test("drift after a model upgrade: clone with a new model, calibrate both on the frozen test set, compare side by side", async ({
  page,
}) => {
  const tag = unique();
  const set = `drift-${tag}`;
  const oldModel = `judge-old-${tag}`;
  const newModel = `judge-new-${tag}`;
  // The old model is fooled on 3 good items; the new one on 3 other good items and 2 bad ones.
  const markers: Record<number, string> = {
    0: `fools-${oldModel}`,
    1: `fools-${oldModel}`,
    2: `fools-${oldModel}`,
    3: `fools-${newModel}`,
    4: `fools-${newModel}`,
    5: `fools-${newModel}`,
    100: `fools-${newModel}`,
    101: `fools-${newModel}`,
  };
  const seeded = seedJudges({
    labelSets: [
      {
        name: set,
        kind: "binary",
        items: [...items(20, 20, markers), ...items(4, 4, {}, "dev").map((i) => ({ ...i, key: `dev-${i.key}` }))],
      },
    ],
    versions: [{ name: `drift-judge-${tag}`, spec: spec(oldModel, server.baseUrl) }],
  });
  const v1 = seeded.versions[`drift-judge-${tag}`]!.id;

  await signIn(page, account("admin"), `/judges/versions/${v1}`);
  const queueId = seeded.labelSets[set]!.queueId;
  await runAndCalibrate(page, queueId, "test", 30_000);
  await expect(page.getByTestId("run-result")).toContainText("test: 40 calls (40 ok, 0 skipped, 0 errors");
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("button", { name: "Confirm approval" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("may gate: its verdicts count");

  await page.getByRole("link", { name: "New model for this judge" }).click();
  await page.getByLabel("New model", { exact: true }).fill(newModel);
  await page.getByLabel("Label set").selectOption(queueId);
  await page.getByRole("button", { name: "Create the new version and compare" }).click();
  await expect(page).toHaveURL(/\/judges\/compare\?base=.*&candidate=.*&queue=/);
  const v2 = new URL(page.url()).searchParams.get("candidate")!;
  await expect(page.getByRole("heading", { name: /v1 → v2/ })).toBeVisible();

  await page.getByRole("button", { name: "Run and calibrate both on the test split" }).click();
  await expect(page.getByTestId("compare-result")).toContainText("Both versions judged and calibrated", { timeout: 30_000 });

  const gold = [...Array(20).fill("pass"), ...Array(20).fill("fail")] as string[];
  const oldJudge = gold.map((g, i) => (i < 3 ? "fail" : g));
  const newJudge = gold.map((g, i) => (i >= 3 && i < 6 ? "fail" : i === 20 || i === 21 ? "pass" : g));
  for (const [side, judge] of [
    ["base", oldJudge],
    ["candidate", newJudge],
  ] as const) {
    const card = page.getByTestId(`side-${side}`);
    const expected = expectedKappa(judge, gold);
    await expect(card.locator('[data-stat="value"]')).toHaveText(expected.value);
    await expect(card).toContainText(`Wald 95% ${expected.wald}`);
    await expect(card.locator('[data-stat="bootstrap"]')).toHaveText(/^\[-?\d\.\d{3}, \d\.\d{3}\]$/);
    const matrix = card.getByTestId("confusion-matrix");
    await expect(matrix.locator('[data-cell="fail/pass"]')).toHaveText(side === "base" ? "3" : "3");
    await expect(matrix.locator('[data-cell="pass/fail"]')).toHaveText(side === "base" ? "0" : "2");
    await expect(matrix.locator('[data-cell="pass/pass"]')).toHaveText("17");
  }
  await expect(page.getByTestId("kappa-delta")).toContainText("κ 0.850 → 0.750 (-0.100)");

  const flipped = page.getByTestId("flipped-items").getByRole("row");
  await expect(flipped).toHaveCount(8);
  const ids = seeded.labelSets[set]!.transcriptIds;
  const first = flipped.filter({ has: page.getByRole("link", { name: "good-0", exact: true }) });
  await expect(first).toContainText("pass");
  await expect(first.getByText("new version")).toBeVisible();
  await first.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/judges/versions/${v2}/items/${ids["good-0"]}\\?compare=${v1}`));
  await expect(page.getByText(`good answer 0 fools-${oldModel}`).first()).toBeVisible();
  await expect(page.getByTestId(`verdicts-${v2}`)).toContainText("pass");
  await expect(page.getByTestId(`verdicts-${v1}`)).toContainText("fail");

  // The new version starts unapproved, whatever its predecessor was; the history shows both.
  await page.goto(`/judges/versions/${v2}`);
  await expect(page.getByTestId("approval-status")).toContainText("does not gate");
  await page.getByRole("link", { name: "all versions" }).click();
  const history = page.getByTestId("version-history");
  await expect(history.getByRole("row")).toHaveCount(2);
  await expect(history.getByRole("row").first()).toContainText(`v2${newModel}0.750`);
  await expect(page.getByRole("figure", { name: "Kappa over versions" })).toBeVisible();
});

test("a version missing a gate rule cannot be approved by the button, the server action or the route", async ({ browser }) => {
  const tag = unique();
  const seeded = seedJudges({
    labelSets: [
      { name: `big-${tag}`, kind: "binary", items: items(20, 20) },
      { name: `small-${tag}`, kind: "binary", items: items(10, 10) },
    ],
    versions: [
      { name: `gate-good-${tag}`, spec: spec(`gate-good-${tag}`, server.baseUrl) },
      { name: `gate-small-${tag}`, spec: spec(`gate-small-${tag}`, server.baseUrl) },
    ],
  });
  const good = seeded.versions[`gate-good-${tag}`]!.id;
  const small = seeded.versions[`gate-small-${tag}`]!.id;

  const admin = await signedInPage(browser, account("admin"), `/judges/versions/${small}`);
  await runAndCalibrate(admin, seeded.labelSets[`small-${tag}`]!.queueId, "test", 30_000);
  await admin.reload();
  await expect(admin.getByTestId("gate-rule-items")).toHaveAttribute("data-passed", "false");
  await expect(admin.getByTestId("gate-rule-items")).toContainText("20 items");
  await expect(admin.getByTestId("gate-rule-kappa")).toHaveAttribute("data-passed", "true");
  await expect(admin.getByRole("button", { name: "Approve" })).toBeDisabled();

  // Record the approve action on a version that clears every rule...
  await admin.goto(`/judges/versions/${good}`);
  await runAndCalibrate(admin, seeded.labelSets[`big-${tag}`]!.queueId, "test", 30_000);
  await admin.reload();
  await admin.getByRole("button", { name: "Approve" }).click();
  const [actionRequest] = await Promise.all([
    admin.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    admin.getByRole("button", { name: "Confirm approval" }).click(),
  ]);
  await expect(admin.getByTestId("approval-status")).toContainText("may gate: its verdicts count");

  // ...and replay it, as the same admin, for the version that does not.
  const body = actionRequest.postDataBuffer()!.toString("utf8");
  expect(body).toContain(good);
  const replayed = await admin.request.post(`/judges/versions/${small}`, {
    headers: {
      "next-action": actionRequest.headers()["next-action"]!,
      "content-type": actionRequest.headers()["content-type"]!,
      accept: "text/x-component",
    },
    data: body.replaceAll(good, small),
  });
  expect(await replayed.text()).toContain("Cannot approve");

  const route = await admin.request.post(`/api/judges/versions/${small}/approve`);
  expect(route.status()).toBe(409);
  expect((await route.json()).error).toContain("At least 30 gold items judged (20 items)");

  const reviewer = await signedInPage(browser, account("reviewer"));
  const forbidden = await reviewer.request.post(`/api/judges/versions/${small}/approve`);
  expect(forbidden.status()).toBe(403);

  await admin.goto(`/judges/versions/${small}`);
  await expect(admin.getByTestId("approval-status")).toContainText("does not gate");
  // The Audit page, filtered to approvals: one for the good version, none for the small one.
  await admin.goto("/audit");
  await admin.getByLabel("Action").selectOption("judge.approved");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/\/audit\?.*action=judge\.approved/);
  const log = admin.getByTestId("audit-events");
  await expect(log.getByRole("row").filter({ hasText: `judge: gate-good-${tag}` })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: `judge: gate-small-${tag}` })).toHaveCount(0);
  await expect(log.getByRole("row").filter({ hasNotText: "judge.approved" })).toHaveCount(0);
});

test("gavel agreement prints the calibration page's numbers for the pairs the page exports", async ({ page }) => {
  const tag = unique();
  const set = `export-${tag}`;
  const model = `export-${tag}`;
  const seeded = seedJudges({
    labelSets: [{ name: set, kind: "binary", items: items(12, 9, { 0: `fools-${model}`, 1: `fools-${model}`, 100: `fools-${model}` }) }],
    versions: [{ name: `export-judge-${tag}`, spec: spec(model, server.baseUrl) }],
  });
  // An admin: a reviewer could still label these items, so the pairs are hidden from them (blind review).
  await signIn(page, account("admin"), `/judges/versions/${seeded.versions[`export-judge-${tag}`]!.id}`);
  await runAndCalibrate(page, seeded.labelSets[set]!.queueId, "test", 30_000);
  await page.reload();
  await page.getByRole("link", { name: "details" }).first().click();
  await expect(page).toHaveURL(/\/judges\/calibrations\//);

  const shown = async (key: string) => (await page.locator(`[data-stat="${key}"]`).textContent())!.trim();
  const command = (await page.getByTestId("agreement-command").textContent())!.trim();
  const csv = await (await page.request.get((await page.getByTestId("download-pairs").getAttribute("href"))!)).text();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "gavel-e2e-")), command.split(" ")[2]!);
  writeFileSync(file, csv);
  const args = command.split(" ").slice(3);
  const gavel = (extra: string[]) =>
    execFileSync(process.execPath, ["bin/gavel.mjs", "agreement", file, ...args, ...extra], { encoding: "utf8" });

  const json = JSON.parse(gavel(["--json"]));
  expect(json.n).toBe(21);
  expect(formatStat(json.value)).toBe(await shown("value"));
  expect(formatStat(json.accuracy)).toBe(await shown("accuracy"));
  expect(formatStat(json.tpr)).toBe(await shown("tpr"));
  expect(formatStat(json.tnr)).toBe(await shown("tnr"));
  await expect(page.getByText(`Wald 95% ${formatInterval(json.ci95)}`)).toBeVisible();
  for (const [i, row] of (json.confusion.matrix as number[][]).entries()) {
    for (const [j, count] of row.entries()) {
      await expect(page.locator(`[data-cell="${json.confusion.labels[i]}/${json.confusion.labels[j]}"]`)).toHaveText(String(count));
    }
  }
  expect(gavel([])).toContain(`bootstrap 95% ${await shown("bootstrap")}`);
});

test("a reviewer creates a judge, is told exactly what is wrong with a template, and editing makes a new version", async ({ page }) => {
  const name = `created-${unique()}`;
  await signIn(page, account("reviewer"), "/judges");
  await page.getByRole("link", { name: "New judge" }).click();
  await expect(page).toHaveURL(/\/judges\/new$/);
  await page.getByLabel("Judge name").fill(name);
  await page.getByLabel("Pinned model id").fill("gpt-4o-2024-08-06");
  await page.getByLabel("Prompt template").fill("Is {{answer}} right? PASS or FAIL.");
  await expect(page.getByLabel("Judge name")).toHaveValue(name);
  await page.getByRole("button", { name: "Create judge" }).click();
  await expect(page.getByText("Unknown variable {{answer}}")).toBeVisible();
  await expect(page.getByText("add {{output}} or {{transcript}}")).toBeVisible();
  await expect(page).toHaveURL(/\/judges\/new$/);

  await page.getByLabel("Prompt template").fill("Is {{output}} right? PASS or FAIL, then a reason.");
  await page.getByRole("button", { name: "Create judge" }).click();
  await expect(page.getByRole("heading", { name: `${name} v1` })).toBeVisible();
  await expect(page.getByTestId("approval-status")).toContainText("does not gate");
  await expect(page.getByTestId("gate-rule-calibrated")).toContainText("no calibration on the test split");
  await expect(page.getByText("Only an admin can approve.")).toBeVisible();

  await page.getByRole("link", { name: "Edit (new version)" }).click();
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByText("Nothing changed: that spec is already v1 of this judge.")).toBeVisible();
  await page.getByLabel("Temperature").fill("0.2");
  await page.getByLabel("What changed (optional)").fill("a little warmer");
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByRole("heading", { name: `${name} v2` })).toBeVisible();
  await expect(page.getByText("v1 (gpt-4o-2024-08-06) · a little warmer")).toBeVisible();
  await expect(page.getByText("temperature 0.2 · max tokens 512 · seed none")).toBeVisible();
});

test("a form submitted before the page is interactive still reaches its action and keeps its fields out of the address bar", async ({
  browser,
}) => {
  // JavaScript off stands for the moments before hydration on a slow page: the click still submits.
  const signedIn = await signedInPage(browser, account("reviewer"), "/judges");
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.context().storageState() });
  const page = await context.newPage();
  await page.goto("/judges/new");
  await page.getByLabel("Judge name").fill(`no-js-${unique()}`);
  await page.getByLabel("Pinned model id").fill("gpt-4o-2024-08-06");
  await page.getByLabel("Prompt template").fill("Is {{answer}} right? PASS or FAIL.");
  await page.getByRole("button", { name: "Create judge" }).click();
  await expect(page.getByText("Unknown variable {{answer}}")).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
  // The refusal comes back as a fresh server render: what was typed is still there to correct.
  await expect(page.getByLabel("Judge name")).toHaveValue(/^no-js-/);
  await expect(page.getByLabel("Prompt template")).toHaveValue("Is {{answer}} right? PASS or FAIL.");

  // The sign-in form posts: a password never lands in a URL.
  const anonymous = await browser.newContext({ javaScriptEnabled: false }).then((c) => c.newPage());
  await anonymous.goto("/login");
  await anonymous.getByLabel("Email").fill("someone@example.com");
  await anonymous.getByLabel("Password").fill("not-in-the-url");
  await anonymous.getByRole("button", { name: "Sign in" }).click();
  await anonymous.waitForLoadState();
  expect(anonymous.url()).not.toContain("not-in-the-url");
  await context.close();
});
