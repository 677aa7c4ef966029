import { expect, test, type Page, type Response } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { lastUserText, startMockLlmServer } from "../lib/providers/mock-server";
import { account, hiAgentSuite, signIn, signedInPage, seedJudges } from "./helpers";
import { specMockLlm } from "./judge-steps";

/**
 * Blind review is a rule of the data layer (lib/db/blind.ts): while a reviewer may still label an
 * item, no page or route gives them a judge's verdict or reason, a gold label or other reviewers'
 * labels for it. This spec lists every page and route, says for each whether it can show one of
 * those, and checks every one that can as a reviewer with the items still unlabeled.
 */

/** Every page and route of the app, and what it shows of verdicts and labels. */
const SURFACES: Record<string, string> = {
  // Checked below, as a reviewer with the items unlabeled:
  "page /judges/versions/[versionId]/items/[transcriptId]": "checked: verdicts, reasons, raw answers and gold",
  "page /judges/versions/[versionId]/workbench":
    "judges:write only: dev-split verdicts and labels, items the viewer may still label left out (hiddenFrom); no test item (judge-workbench.spec.ts)",
  "page /judges/calibrations/[calibrationId]": "checked: per-item (judge, gold) pairs",
  "route GET /api/calibrations/[calibrationId]/pairs": "checked: per-item (judge, gold) pairs",
  "page /judges/compare": "checked: flipped items with both verdicts and gold",
  "page /label/[queueId]/agreement": "checked: other reviewers' labels, counted by value",
  "page /label/[queueId]/item":
    "checked in labeling.spec.ts (blind by default) and below; worked examples are finished items only (guidelines.spec.ts)",
  // Only for adjudicators and admins (403 for a reviewer, checked below):
  "page /label/[queueId]/adjudicate": "adjudicators only: every label of an item",
  "page /label/[queueId]/gold": "adjudicators only: the queue's gold labels",
  "page /label/[queueId]/items": "adjudicators only: every item's labels by reviewer, never a judge verdict",
  "route GET /api/queues/[queueId]/labels": "adjudicators only: the label export",
  "page /audit": "admins only",
  "route GET /api/audit": "admins only",
  // Aggregates only, no item:
  "page /judges": "aggregates per version (κ, n)",
  "page /judges/datasets/llmbar": "aggregates per imported version and label set (κ, accuracy per order, position consistency)",
  "page /judges/datasets/hanna": "aggregates per imported version and criterion (ρ, κ, the paper's τ)",
  "page /judges/[judgeId]": "aggregates per version (κ history)",
  "page /judges/versions/[versionId]": "aggregates per calibration",
  "page /label/[queueId]": "per-reviewer counts of labels made, never their values",
  "page /label": "queue progress counts",
  // The reviewer's own labels and skips only (my-labels.spec.ts checks another reviewer's label is absent):
  "page /label/mine": "one's own labels and skips",
  "page /label/mine/[labelId]": "one's own label and its history, the item's whitelisted fields",
  // No verdict or label at all:
  "page /judges/new": "a form",
  "page /judges/policy": "admins only: gate policy",
  "page /judges/versions/[versionId]/edit": "a form",
  "page /judges/versions/[versionId]/new-model": "a form",
  "page /label/routing": "queue managers only: ingestion counts, routing rules and which label set each trace went to, no verdict or label",
  "page /label/[queueId]/rubric": "admins only: the rubric and its worked examples (finished gold items)",
  "page /label/import": "admins only: a form",
  "page /label/new": "admins only: a form",
  "page /runs": "runs list",
  "page /runs/[id]":
    "checked by content, HTML and RSC: trial verdicts, reasons and task status of the trials that became queue items, their sibling trials and later runs' identical trials",
  "page /runs/compare": "checked by content, HTML and RSC: per-task status of two runs",
  "page /suites": "suite list",
  "page /suites/[name]": "suite history",
  "page /users": "admins only",
  "page /webhooks": "admins only: endpoints and delivery logs (run and gate events, no item)",
  "page /api-docs": "the API description, no data",
  "route GET /api/openapi.json": "the API description, no data",
  "page /users/tokens": "one's own tokens",
  "route GET /api/health": "health",
  "route GET /api/runs/[id]": "a run's status and counts",
  "route GET /api/users": "admins only",
  "route POST /api/users": "write",
  "route POST /api/runs": "write",
  "route POST /api/runs/[id]/trials": "write",
  "route POST /api/runs/[id]/finish": "write",
  "route POST /api/runs/[id]/stop": "write",
  "route POST /api/transcripts/import": "write",
  "route POST /api/judges/versions/[versionId]/approve": "admins only: write",
  "route GET /api/auth/[...nextauth]": "sign-in",
  "route POST /api/auth/[...nextauth]": "sign-in",
};

/** Every page under app/(workbench) and every route handler's methods under app/api, by file. */
function surfaces(): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue;
        walk(full, /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (entry.name === "page.tsx") {
        found.push(`page /${segments.join("/")}`);
      } else if (entry.name === "route.ts") {
        const source = execFileSync("cat", [full], { encoding: "utf8" });
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          if (new RegExp(`export const ${method}\\b|export (async )?function ${method}\\b|export \\{[^}]*\\b${method}\\b`).test(source))
            found.push(`route ${method} /${segments.join("/")}`);
        }
      }
    }
  };
  walk(path.join("app", "(workbench)"), []);
  walk(path.join("app", "api"), ["api"]);
  return found.sort();
}

test("every page and route is accounted for: a new one must say whether it can show a verdict or a label", () => {
  expect(surfaces()).toEqual(Object.keys(SURFACES).sort());
});

/** Every response body the page receives (documents, RSC payloads, route answers), kept for inspection. */
function recordResponses(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    bodies.push(response.text().catch(() => ""));
  });
  return { all: async () => (await Promise.all(bodies)).join("\n\u0000\n") };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEMPLATE = "Task: {{task_prompt}}\nOutput: {{output}}\nAnswer PASS or FAIL, a colon and a reason.";

// The reason names the item, so the test can tell which item's verdict reached the browser.
// The "-flip" model answers the opposite of the plain one: every item flips between the two.
const server = specMockLlm(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const prompt = lastUserText(body);
      const item = /blind-item-(\S+)-(\d+)/.exec(prompt)!;
      const pass = (Number(item[2]) % 2 === 0) !== String(body.model).endsWith("-flip");
      return { text: `${pass ? "PASS" : "FAIL"}: REASON-${item[1]}-${item[2]}` };
    },
  }),
);

test("a reviewer with items still to label gets no verdict, reason, gold or other reviewer's label for them, on any page or route", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const me = account("reviewer");
  const set = `blind-${tag}`;
  const keys = Array.from({ length: 6 }, (_, i) => `blind-item-${tag}-${i}`);
  // Two other reviewers labeled every item; I labeled item 0 only. Three labels per item, so 1–5 are open for me.
  const seeded = seedJudges({
    labelSets: [
      {
        name: set,
        kind: "binary",
        reviewersPerItem: 3,
        items: keys.map((key, i) => ({
          key,
          split: "test",
          output: key,
          gold: i % 2 === 0 ? "pass" : "fail",
          labels: [
            { reviewer: `ann-${tag}@example.com`, value: i % 2 === 0 ? "pass" : "fail" },
            { reviewer: `bob-${tag}@example.com`, value: "pass" },
            ...(i === 0 ? [{ reviewer: me.email, value: "pass" }] : []),
          ],
        })),
      },
    ],
    versions: [
      {
        name: `blind-judge-${tag}`,
        key: "v1",
        spec: { provider: "openai", model: `m-${tag}`, baseUrl: server.baseUrl, promptTemplate: TEMPLATE, parser: "pass_fail" },
      },
      {
        name: `blind-judge-${tag}`,
        key: "v2",
        spec: { provider: "openai", model: `m-${tag}-flip`, baseUrl: server.baseUrl, promptTemplate: TEMPLATE, parser: "pass_fail" },
      },
    ],
  });
  const queueId = seeded.labelSets[set]!.queueId;
  const ids = keys.map((k) => seeded.labelSets[set]!.transcriptIds[k]!);
  const v1 = seeded.versions.v1!.id;
  const v2 = seeded.versions.v2!.id;
  const annBob = (p: Page) =>
    p.locator(
      `[data-testid="pair-ann-${tag}@example.com-bob-${tag}@example.com"], [data-testid="pair-bob-${tag}@example.com-ann-${tag}@example.com"]`,
    );
  const secret = (i: number) => `REASON-${tag}-${i}`;

  // The admin judges and calibrates both versions on the test split (and sees everything).
  const admin = await signedInPage(browser, account("admin"), `/judges/compare?base=${v1}&candidate=${v2}&queue=${queueId}`);
  await admin.getByRole("button", { name: "Run and calibrate both on the test split" }).click();
  await expect(admin.getByTestId("compare-result")).toContainText("Both versions judged and calibrated", { timeout: 30_000 });
  await admin.goto(`/judges/versions/${v1}/items/${ids[3]}`);
  await expect(admin.getByTestId(`verdicts-${v1}`)).toContainText(secret(3));
  await expect(admin.getByTestId("gold-label")).toContainText("fail");
  await admin.goto(`/judges/versions/${v1}`);
  await admin.getByRole("link", { name: "details" }).first().click();
  await expect(admin).toHaveURL(/\/judges\/calibrations\//);
  const calibrationId = admin.url().split("/").pop()!;
  await expect(admin.getByRole("link", { name: ids[3]! })).toBeVisible();

  const page = await browser.newContext().then((c) => c.newPage());
  const responses = recordResponses(page);
  await signIn(page, me, `/judges/versions/${v1}/items/${ids[3]}`);

  // The judged-item page: no verdict, no reason, no gold, for either version; item 0 (labeled) shows all.
  await expect(page.getByTestId("blind-notice")).toBeVisible();
  await expect(page.getByTestId(`verdicts-${v1}`)).toHaveCount(0);
  await expect(page.getByTestId("gold-label")).toHaveCount(0);
  await page.goto(`/judges/versions/${v2}/items/${ids[1]}?compare=${v1}`);
  await expect(page.getByTestId("blind-notice")).toBeVisible();
  await expect(page.locator('[data-testid^="verdicts-"]')).toHaveCount(0);
  await page.goto(`/judges/versions/${v1}/items/${ids[0]}`);
  await expect(page.getByTestId(`verdicts-${v1}`)).toContainText(secret(0));
  await expect(page.getByTestId("gold-label")).toContainText("pass");

  // The calibration page and its pairs file: only item 0.
  await page.goto(`/judges/calibrations/${calibrationId}`);
  await expect(page.getByRole("link", { name: ids[0]! })).toBeVisible();
  for (const id of ids.slice(1)) await expect(page.getByRole("link", { name: id })).toHaveCount(0);
  await expect(page.getByTestId("blind-pairs")).toContainText("5 items you may still label are left out");
  const csv = await page.request.get(`/api/calibrations/${calibrationId}/pairs`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["x-gavel-hidden-pairs"]).toBe("5");
  const csvText = await csv.text();
  expect(csvText).toContain(ids[0]);
  for (const id of ids.slice(1)) expect(csvText).not.toContain(id);
  // The admin's file has all six.
  const adminCsv = await (await admin.request.get(`/api/calibrations/${calibrationId}/pairs`)).text();
  for (const id of ids) expect(adminCsv).toContain(id);

  // The drift view: every item flipped, but only item 0 is listed for me.
  await page.goto(`/judges/compare?base=${v1}&candidate=${v2}&queue=${queueId}`);
  const flipped = page.getByTestId("flipped-items");
  await expect(flipped.getByRole("row")).toHaveCount(1);
  await expect(flipped).toContainText(keys[0]!);
  await expect(page.getByText("5 items you may still label are left out")).toBeVisible();

  // The agreement page: the others' labels count only on item 0; theirs on 1–5 stay out.
  await page.goto(`/label/${queueId}/agreement`);
  await expect(page.getByTestId("blind-labels")).toContainText("10 labels on items you may still label are left out");
  await expect(annBob(page).getByTestId("pair-n")).toHaveText("1");
  await admin.goto(`/label/${queueId}/agreement`);
  await expect(annBob(admin).getByTestId("pair-n")).toHaveText("6");
  await expect(admin.getByTestId("blind-labels")).toHaveCount(0);

  // The label page serves an open item with nothing of the judge's.
  await page.goto(`/label/${queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(/blind-item-/);

  // Adjudication, the gold labels and the label export are closed to a reviewer.
  expect((await page.request.get(`/label/${queueId}/adjudicate`)).status()).toBe(403);
  expect((await page.request.get(`/label/${queueId}/gold`)).status()).toBe(403);
  expect((await page.request.get(`/api/queues/${queueId}/labels?format=csv`)).status()).toBe(403);

  const seen = await responses.all();
  expect(seen).toContain(secret(0));
  for (let i = 1; i < 6; i++) expect(seen, secret(i)).not.toContain(secret(i));
});

test("a run whose trials became queue items shows a reviewer no grade of that content until labeled: sibling trials, a later run, compare, HTML and RSC", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = unique();
  // The agent always says "hi": two tasks pass, three fail. Each failing task expects a word that
  // appears nowhere but in its grader's reason, so a reason reaching the browser is caught.
  const expected = ["hi", "hi", `bye${tag}`, `ciao${tag}`, `hello${tag}`];
  const suite = hiAgentSuite(
    `blind-run-${tag}`,
    expected.map((word, i) => ({ prompt: `Greet the user (${i})`, expected: word })),
  );
  const runAgent = async (trials: number) => {
    const run = await suite.run(["--trials", String(trials)]);
    expect(run.code, run.stderr).toBe(1);
    return (JSON.parse(run.stdout) as { runId: string }).runId;
  };
  // Two trials per task: each failing task's second trial is a sibling with the very same output.
  const runId = await runAgent(2);

  // The admin makes a queue of the failures (the two identical trials of a task are one item) and sees every reason.
  const admin = await signedInPage(browser, account("admin"), `/label/new?run=${runId}`);
  await admin.getByLabel("Name").fill(`blind-run-${tag}`);
  await admin.getByLabel("Rubric").fill("Pass when the agent greets as asked.");
  await admin.getByLabel("Sample of passes (0–1)").fill("0");
  await admin.getByRole("button", { name: "Create queue" }).click();
  await expect(admin.getByTestId("queue-created")).toContainText(`Created the queue "blind-run-${tag}" with 3 items`);
  await admin.goto(`/runs/${runId}?task=t2`);
  await expect(admin.getByRole("list", { name: "Grader verdicts" }).first()).toContainText(`bye${tag}`);
  await expect(admin.getByTestId("run-blind-notice")).toHaveCount(0);
  // The admin's page leads with the three failures, one group (the same grader, on the final output).
  await expect(admin.getByTestId("run-verdict")).toContainText(/3 (newly )?failing tasks/);
  await expect(admin.getByTestId("failure-group")).toHaveCount(1);
  await expect(admin.getByTestId("failure-group")).toContainText("3 at the final output");

  // A later run of the same agent on the same suite: none of its trials is queued, yet each failing one is the same content.
  const laterId = await runAgent(1);

  const page = await browser.newContext().then((c) => c.newPage());
  const responses = recordResponses(page);
  await signIn(page, account("reviewer"), `/runs/${runId}?task=t2`);
  await expect(page.getByTestId("run-blind-notice")).toContainText("3 tasks have trials in a label queue you review");
  await expect(page.getByTestId("task-row-t2")).toContainText("hidden until you label");
  await expect(page.getByTestId("task-row-t0")).toContainText("pass");
  // Both trials of the task: the one that became the item and its sibling, each marked hidden, no grader verdict in either.
  const trialsOf = (task: string) => page.locator(`details[id^="trial-${task}-"]`);
  await expect(trialsOf("t2")).toHaveCount(2);
  for (const trial of await trialsOf("t2").all()) await expect(trial.locator("summary")).toContainText("hidden until you label");
  await expect(trialsOf("t2").locator('ul[aria-label="Grader verdicts"] li')).toHaveCount(0);
  // The grouped failures go through the same hiding: no hidden trial's task is listed or counted.
  await expect(page.getByTestId("run-verdict")).toContainText(/ 0 (newly )?failing tasks/);
  await expect(page.getByTestId("failure-group")).toHaveCount(0);
  await expect(page.getByTestId("failure-headline")).toHaveCount(0);
  await page.goto(`/runs/${runId}?status=failing`);
  await expect(page.getByText("No task matches these filters.")).toBeVisible();
  await page.goto(`/runs/${runId}?task=t3&trial=2`);
  await expect(trialsOf("t3")).toHaveCount(2);
  await expect(page.locator("details#trial-t3-2")).toHaveAttribute("open", "");
  await expect(trialsOf("t3").locator('ul[aria-label="Grader verdicts"] li')).toHaveCount(0);
  // The later run: the same three tasks hidden, the passing ones shown.
  await page.goto(`/runs/${laterId}?task=t4`);
  await expect(page.getByTestId("run-blind-notice")).toContainText("3 tasks have trials in a label queue you review");
  await expect(page.getByTestId("task-row-t4")).toContainText("hidden until you label");
  await expect(page.getByTestId("task-row-t1")).toContainText("pass");
  await expect(trialsOf("t4")).toHaveCount(1);
  await expect(trialsOf("t4").locator("summary")).toContainText("hidden until you label");
  await expect(trialsOf("t4").locator('ul[aria-label="Grader verdicts"] li')).toHaveCount(0);
  await page.goto(`/runs/compare?base=${runId}&head=${runId}`);
  await expect(page.getByTestId("compare-blind-notice")).toContainText("3 tasks are left out");
  await page.goto(`/runs/compare?base=${runId}&head=${laterId}`);
  await expect(page.getByTestId("compare-blind-notice")).toContainText("3 tasks are left out");
  const seen = await responses.all();
  for (const word of expected.slice(2)) expect(seen, word).not.toContain(word);

  // Every run page, trial and compare route, fetched as the document and as the RSC payload a
  // client-side navigation reads: no failing task's reason for the reviewer, while the admin's same
  // request carries it (so the check would catch a leak).
  const secretWords = expected.slice(2);
  const urls = [
    ...[runId, laterId].flatMap((id) => [
      `/runs/${id}`,
      `/runs/${id}?status=failing`,
      ...["t2", "t3", "t4"].map((t) => `/runs/${id}?task=${t}`),
    ]),
    `/runs/${runId}?task=t2&trial=2`,
    `/runs/${runId}?task=t4&trial=1`,
    `/runs/compare?base=${runId}&head=${laterId}`,
    `/runs/compare?base=${laterId}&head=${runId}`,
    `/api/runs/${runId}`,
    `/api/runs/${laterId}`,
  ];
  for (const url of urls) {
    for (const rsc of [false, true]) {
      const headers: Record<string, string> = rsc ? { RSC: "1" } : {};
      const what = `${rsc ? "RSC" : "HTML"} ${url}`;
      const mine = await page.request.get(url, { headers });
      expect(mine.status(), what).toBe(200);
      if (rsc && !url.startsWith("/api/")) expect(mine.headers()["content-type"], what).toContain("text/x-component");
      const body = await mine.text();
      for (const word of secretWords) expect(body, `${what}: ${word}`).not.toContain(word);
      const task = /task=(t\d)/.exec(url)?.[1];
      if (task) {
        const theirs = await (await admin.request.get(url, { headers })).text();
        expect(theirs, `the admin's ${what}`).toContain(secretWords[Number(task.slice(1)) - 2]!);
      }
    }
  }
});
