import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { account, alerts, hiAgentSuite, signIn } from "./helpers";

/** Transcripts in (files and runs) and queues made from them, the way an admin does it. */
test.describe.configure({ mode: "serial" });

const line = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `e2e-import-${n}`,
    task_prompt: `Refund order E2E-${n} in full.`,
    rubric: "Refunds once, to the original payment method, and says so.",
    messages: [
      { role: "user", content: `Refund order E2E-${n} in full.` },
      { role: "assistant", tool_calls: [{ id: "c1", name: "issue_refund", arguments: { order_id: `E2E-${n}` }, result: { ok: true } }] },
      { role: "assistant", content: "Refunded." },
    ],
    final_output: "Refunded.",
    judge_verdicts: [{ judge: "e2e-vendor-judge", verdict: n % 2 ? "pass" : "fail" }],
    ...extra,
  });

const goodFile = [1, 2, 3, 4, 5].map((n) => line(n)).join("\n") + "\n";
const badFile = [line(1), line(2), JSON.stringify({ id: "e2e-import-3", messages: [] }), line(4), line(5)].join("\n") + "\n";

async function upload(page: Page, text: string, name = "refunds.jsonl") {
  await page.getByLabel("Transcript file").setInputFiles({ name, mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Import" }).click();
}

test("a bad line is named and nothing is written; the fixed file imports once; a queue is made from it", async ({ page }) => {
  await signIn(page, account("admin"), "/label");
  await page.getByRole("link", { name: "Import transcripts" }).click();
  await expect(page).toHaveURL(/\/label\/import$/);

  await upload(page, badFile);
  const problems = page.getByRole("alert", { name: "Import problems" });
  await expect(problems).toContainText("nothing was imported");
  await expect(problems).toContainText("line 3: task_prompt: task_prompt must be text");
  await expect(problems.getByRole("listitem")).toHaveCount(1);

  // Nothing from the bad upload exists: the fixed file's five are all new.
  await upload(page, goodFile);
  await expect(page.getByTestId("import-counts")).toHaveText(
    "Imported 5 transcripts: 5 new, 0 already stored; judge verdicts: 5 new, 0 already stored.",
  );
  await expect(problems).toHaveCount(0);

  await upload(page, goodFile);
  await expect(page.getByTestId("import-counts")).toHaveText(
    "Imported 5 transcripts: 0 new, 5 already stored; judge verdicts: 0 new, 5 already stored.",
  );

  await page.getByRole("link", { name: "Create a label queue from this import" }).click();
  await expect(page).toHaveURL(/\/label\/new\?import=/);
  await expect(page.getByLabel("Import", { exact: true })).toHaveValue(/.+/);
  await page.getByLabel("Name").fill("e2e-imported-gold");
  // A missing rubric is named next to its field, and nothing is created.
  await page.getByRole("button", { name: "Create queue" }).click();
  await expect(page.locator("#queue-rubric-error")).toHaveText("Write the rubric reviewers label against.");
  await page.getByLabel("Rubric").fill("Pass when the order is refunded once, to the original payment method.");
  await page.getByLabel("Reviewers per item").fill("2");
  await page.getByRole("checkbox", { name: new RegExp(account("reviewer").email) }).check();
  await page.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-created")).toContainText('Created the queue "e2e-imported-gold" with 5 items.');

  await page.goto("/label");
  const row = page.getByRole("row").filter({ hasText: "e2e-imported-gold" });
  await expect(row).toContainText("5");
  await expect(row).toContainText("2");
});

test("a queue from a run takes every trial that did not pass", async ({ page }) => {
  test.setTimeout(180_000);
  // A suite of its own (other specs count the runs of the shipped suites): the agent always says
  // "hi", so two tasks pass and three fail.
  const suite = hiAgentSuite(
    "import-run",
    ["hi", "hi", "bye", "ciao", "hello"].map((expected) => ({ prompt: `Say ${expected}`, expected })),
  );
  const result = await suite.run();
  expect(result.code, result.stderr).toBe(1);
  const { runId, recordPath } = JSON.parse(result.stdout) as { runId: string; recordPath: string };
  const record = JSON.parse(readFileSync(recordPath, "utf8")) as { tasks: { trials: { verdict: string }[] }[] };
  const trials = record.tasks.flatMap((t) => t.trials);
  const notPassing = trials.filter((t) => t.verdict !== "pass").length;
  const passes = trials.length - notPassing;
  expect([notPassing, passes]).toEqual([3, 2]);

  await signIn(page, account("admin"), `/label/new?run=${runId}`);
  await expect(page.getByLabel("Run", { exact: true })).toHaveValue(runId);
  await page.getByLabel("Name").fill("e2e-run-failures");
  await page.getByLabel("Rubric").fill("Pass when the refund matches the policy.");
  await page.getByLabel("Sample of passes (0–1)").fill("0");
  await page.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByTestId("queue-created")).toContainText(`Created the queue "e2e-run-failures" with ${notPassing} item`);
  await expect(page.getByTestId("queue-created")).toContainText(`(${notPassing} trials that did not pass, 0 of ${passes} passes sampled)`);
  await expect(alerts(page)).toHaveCount(0);
});

test("import for CI: 400 with every problem, counts on success, 401 and 403", async ({ page, request }) => {
  const signedOut = await request.post("/api/transcripts/import?format=jsonl", {
    data: goodFile,
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(signedOut.status()).toBe(401);

  await signIn(page, account("admin"));
  const bad = await page.request.post("/api/transcripts/import?format=jsonl", {
    data: badFile,
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ ok: false, format: "jsonl", errors: ["line 3: task_prompt: task_prompt must be text"] });
  const good = await page.request.post("/api/transcripts/import?fileName=ci.jsonl", {
    multipart: { file: { name: "ci.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(goodFile) } },
  });
  expect(good.status()).toBe(200);
  expect(await good.json()).toMatchObject({ ok: true, format: "jsonl", items: 5, created: 0, existing: 5, addedToQueue: 0 });
});

test("a reviewer cannot create queues or import", async ({ page }) => {
  await signIn(page, account("reviewer"), "/label");
  await expect(page.getByRole("link", { name: "New queue" })).toHaveCount(0);
  for (const path of ["/label/new", "/label/import"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  }
  const api = await page.request.post("/api/transcripts/import", { data: goodFile });
  expect(api.status()).toBe(403);
});
