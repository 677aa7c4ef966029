import { expect, test } from "@playwright/test";
import { lastUserText, startMockLlmServer } from "../lib/providers/mock-server";
import { account, gavel, signIn, signedInPage, seedJudges } from "./helpers";
import { calibrateAndApprove, passFailSpec, specMockLlm } from "./judge-steps";

/**
 * The judge gate end to end: a mock OpenAI-compatible model on 127.0.0.1 that the test can "change"
 * behind the same model name (new system_fingerprint, different answers); the app and `gavel run`
 * both call it. The label sets are seeded; approval, runs and everything shown happen as a user does them.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const items = (n: number) => [
  ...Array.from({ length: n }, (_, i) => ({ key: `good-${i}`, split: "test", output: `good answer ${i}`, gold: "pass" })),
  ...Array.from({ length: n }, (_, i) => ({ key: `bad-${i}`, split: "test", output: `bad answer ${i}`, gold: "fail" })),
];

/** Per model name: whether the provider has swapped the model behind it. */
const changed = new Set<string>();
const server = specMockLlm(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const model = String(body.model);
      const good = lastUserText(body).includes("good answer");
      const swapped = changed.has(model);
      return {
        text: good !== swapped ? "PASS: does what was asked" : "FAIL: misses it",
        fingerprint: swapped ? "fp_after_upgrade" : "fp_original",
      };
    },
  }),
);

const spec = (model: string) =>
  passFailSpec(model, server.baseUrl, "Task: {{task_prompt}}\nOutput: {{output}}\nPASS or FAIL, a colon and a reason.");

// The lab's gate (0.75): a gating judge failing the stub's summary still leaves the run passing.
const runSmoke = (judge: string) =>
  gavel([
    "run",
    "datasets/smoke",
    "--agent",
    "module:datasets/smoke/agent.ts#stubAgent",
    "--judge",
    judge,
    "--threshold",
    "0.75",
    "--json",
  ]);

test("canary: a gating judge passes its canary; after the model behind its name changes, the next run demotes it and says why", async ({
  page,
}) => {
  const tag = unique();
  const model = `canary-model-${tag}`;
  const name = `canary-judge-${tag}`;
  const seeded = seedJudges({
    labelSets: [{ name: `canary-gold-${tag}`, kind: "binary", items: items(20) }],
    versions: [{ name, spec: spec(model) }],
  });
  const versionId = seeded.versions[name]!.id;
  await signIn(page, account("admin"), `/judges/versions/${versionId}`);
  await calibrateAndApprove(page, versionId, seeded.labelSets[`canary-gold-${tag}`]!.queueId, 30_000);
  await expect(page.getByTestId("approval-binding")).toContainText(`label set canary-gold-${tag}`);
  await expect(page.getByTestId("approval-binding")).toContainText("provider fingerprint fp_original");

  const first = await runSmoke(`${name}@1`);
  expect(first.code).toBe(0);
  expect(first.stderr).toContain(`Canary re-check of ${name}@1: passed`);
  expect(JSON.parse(first.stdout).judge).toMatchObject({ approved: true, state: "gating" });

  changed.add(model);
  const second = await runSmoke(`${name}@1`);
  expect(second.code).toBe(0);
  expect(second.stderr).toContain(
    `Canary re-check of ${name}@1: failed (the provider's fingerprint changed (fp_original → fp_after_upgrade)`,
  );
  const summary = JSON.parse(second.stdout);
  expect(summary.judge).toMatchObject({ approved: false, state: "demoted", calibrationId: null });
  const note = (summary.summary.notes as string[]).find((n) => n.includes(`judge ${name} v1`) && n.includes("is not approved"))!;
  expect(note).toMatch(
    /is not approved \(demoted: the canary re-check failed: the provider's fingerprint changed \(fp_original → fp_after_upgrade\)/,
  );

  // The run's page says why its judge did not count, and what the judge was when it ran.
  await page.goto(`/runs/${summary.runId}`);
  await expect(page.getByText(`Note: ${note}`)).toBeVisible();
  await expect(page.getByTestId("judge-reading").getByTestId("judge-state")).toHaveText("demoted");

  // The Judges overview (filtered to this judge: it is paged) shows the version demoted; its page shows the timeline.
  await page.goto(`/judges?q=${name}`);
  await expect(page.getByTestId(`judge-row-${name}-v1`).getByTestId("judge-state")).toHaveText("demoted");
  await page.getByTestId(`judge-row-${name}-v1`).getByRole("link", { name: "v1" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("does not gate");
  const timeline = page.getByTestId("judge-timeline");
  await expect(timeline.locator('[data-action="judge.approved"]')).toContainText(`approved by an admin on "canary-gold-${tag}"`);
  await expect(timeline.locator('[data-action="judge.canary_checked"]')).toHaveCount(2);
  await expect(timeline.locator('[data-action="judge.demoted"]')).toContainText("by system");
  await expect(timeline.locator('[data-action="judge.demoted"]')).toContainText("the canary re-check failed");
  await expect(page.getByTestId("canary-checks").getByText("failed")).toBeVisible();

  // The Audit page filters by action, links to the object, and gives the same events as JSONL.
  await page.goto("/audit");
  await page.getByLabel("Action").selectOption("judge.demoted");
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByTestId("audit-events").getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("system");
  await expect(page.getByTestId("audit-events").getByRole("row").filter({ hasNotText: "judge.demoted" })).toHaveCount(0);
  const jsonl = await page.request.get("/api/audit?format=jsonl&action=judge.demoted");
  expect(jsonl.headers()["content-type"]).toContain("application/x-ndjson");
  const lines = (await jsonl.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.every((e) => e.action === "judge.demoted")).toBe(true);
  expect(lines.some((e) => e.targetId === versionId && e.actor === null)).toBe(true);
  await row.getByRole("link", { name: new RegExp(`judge_version ${versionId}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/judges/versions/${versionId}$`));
});

test("a run page shows its judge as it was when the run happened: shadow stays shadow after the judge is approved", async ({
  page,
  browser,
}) => {
  const tag = unique();
  const name = `frozen-judge-${tag}`;
  const seeded = seedJudges({
    labelSets: [{ name: `frozen-gold-${tag}`, kind: "binary", items: items(20) }],
    versions: [{ name, spec: spec(`frozen-model-${tag}`) }],
  });
  const versionId = seeded.versions[name]!.id;

  const before = await runSmoke(`${name}@1`);
  expect(before.code).toBe(0);
  const shadowRun = JSON.parse(before.stdout).runId as string;

  await signIn(page, account("admin"), `/judges/versions/${versionId}`);
  await calibrateAndApprove(page, versionId, seeded.labelSets[`frozen-gold-${tag}`]!.queueId, 30_000);
  const after = await runSmoke(`${name}@1`);
  const gatingRun = JSON.parse(after.stdout).runId as string;

  const viewer = await signedInPage(browser, account("viewer"), `/runs/${shadowRun}`);
  const reading = viewer.getByTestId("judge-reading");
  await expect(reading.getByTestId("judge-state")).toHaveText("shadow");
  await expect(reading.getByTestId("judge-hash-at-run")).toHaveText(`hash ${seeded.versions[name]!.hash.slice(0, 12)}`);
  await expect(reading).toContainText("No correction: it was shadow, not gating, when the run started");
  await viewer.goto(`/runs/${gatingRun}`);
  await expect(viewer.getByTestId("judge-reading").getByTestId("judge-state")).toHaveText("gating");
  await expect(viewer.getByTestId("judge-calibration-at-run")).toBeVisible();

  // The Audit page and its JSONL are for admins only.
  expect((await viewer.request.get("/api/audit?format=jsonl")).status()).toBe(403);
  const page403 = await viewer.goto("/audit");
  expect(page403?.status()).toBe(403);
  await expect(viewer.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});
