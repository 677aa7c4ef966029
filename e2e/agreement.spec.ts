import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { E2E_DATA_DIR } from "../playwright.config";
import { formatInterval, formatPercent, formatStat } from "../lib/judges/format";
import { EXPORT_COLUMNS } from "../lib/labeling/export";
import { twoReviewerTable } from "../lib/testing/agreement-fixtures";
import { account, hotkeysReady, signIn, signedInPage } from "./helpers";

/**
 * Several reviewers end to end: the labels are seeded directly (two reviewers, 20 shared items, a
 * known confusion table), everything else happens in the browser as an admin, a viewer and a
 * user flagged as adjudicator would do it.
 */
type Seeded = { queues: Record<string, { queueId: string; transcriptIds: Record<string, string> }> };

function cli(args: string[]): string {
  const databaseUrl = process.env.E2E_DATABASE_URL || `file:${path.resolve(E2E_DATA_DIR, "gavel.db")}`;
  return execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/testing/seed-agreement-cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const PAYLOAD = `<script>window.__pwned = 1</script><img src="http://127.0.0.1:9/x.png" onerror="window.__pwned = 2"> [click](javascript:window.__pwned=3)`;

/** Seeds the 20-item table: 8 pass/pass, 6 fail/fail, 4 pass/fail, 2 fail/pass (ann first, bob second). */
function seedQueue(tag: string) {
  const ann = `ann-${tag}@example.com`;
  const bob = `bob-${tag}@example.com`;
  const items = twoReviewerTable(ann, bob).map((item) => (item.key === "item-15" ? { ...item, output: PAYLOAD } : item));
  const name = `agreement-${tag}`;
  const seeded = JSON.parse(cli(["seed", JSON.stringify({ queues: [{ name, items }] })])) as Seeded;
  return { name, ann, bob, ...seeded.queues[name]! };
}

async function downloadText(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
}

test("two reviewers on 20 items: the hand-computed kappa, their 6 disagreements adjudicated by keyboard, one gold label, the export", async ({
  page,
  browser,
}) => {
  const queue = seedQueue(unique());
  await signIn(page, account("admin"), `/label/${queue.queueId}/agreement`);

  // By hand: n = 20; they agree on 8 + 6 = 14, p_o = 14/20 = 0.7. ann says pass on 8 + 4 = 12 (0.6), bob on 8 + 2 = 10
  // (0.5): p_e = 0.6·0.5 + 0.4·0.5 = 0.5, κ = (0.7 − 0.5)/(1 − 0.5) = 0.4. SE (Fleiss, Cohen & Everitt 1969), worked out
  // in lib/labeling/agreement.test.ts: Var = 0.2016 / (20·0.25) = 0.04032.
  const po = 14 / 20;
  const pe = (12 / 20) * (10 / 20) + (8 / 20) * (10 / 20);
  const kappa = (po - pe) / (1 - pe);
  expect(kappa).toBeCloseTo(0.4, 12);
  const se = Math.sqrt(0.04032);
  const row = page.getByTestId(`pair-${queue.ann}-${queue.bob}`);
  await expect(row.getByTestId("pair-kappa")).toHaveText(formatStat(kappa));
  await expect(row.getByTestId("pair-n")).toHaveText("20");
  await expect(row.getByTestId("pair-ci")).toHaveText(
    formatInterval({ low: kappa - 1.959963984540054 * se, high: kappa + 1.959963984540054 * se }),
  );
  await expect(row.getByTestId("pair-agreement")).toContainText(formatPercent(po));
  // Krippendorff's α on the same table: 1 − 39·12 / (2·22·18) = 9/22.
  await expect(page.getByTestId("alpha-value")).toHaveText(formatStat(9 / 22));
  await expect(page.getByTestId("ceiling-explanation")).toContainText("This is the ceiling any judge can reach.");
  await expect(page.getByTestId("open-disagreements-value")).toHaveText("6");

  // The six disagreements, in queue order, each with both reviewers' labels and reasons.
  await page.getByRole("navigation", { name: "Queue pages" }).getByRole("link", { name: "Adjudicate" }).click();
  await expect(page).toHaveURL(new RegExp(`/label/${queue.queueId}/adjudicate$`));
  const items = page.getByTestId("adjudication-item");
  await expect(items).toHaveCount(6);
  for (const [i, key] of ["item-15", "item-16", "item-17", "item-18", "item-19", "item-20"].entries()) {
    await expect(items.nth(i)).toHaveAttribute("data-transcript-id", queue.transcriptIds[key]!);
  }
  await expect(items.first().getByTestId("reviewer-label")).toHaveText([
    new RegExp(`${queue.ann}.*pass.*ann-\\S+ says pass`),
    new RegExp(`${queue.bob}.*fail.*bob-\\S+ says fail`),
  ]);
  // Untrusted output is text: the payload is shown, nothing of it runs or loads.
  await expect(items.first()).toContainText('<script>window.__pwned = 1</script><img src="http://127.0.0.1:9/x.png"');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(items.first().locator("img, script, a[href^='javascript']")).toHaveCount(0);

  // By keyboard only: J moves to the second item (item-16), F decides it fail; it leaves the list.
  await expect(items.first()).toHaveAttribute("aria-current", "true");
  await hotkeysReady(page);
  await page.keyboard.press("j");
  await expect(items.nth(1)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("n");
  await page.keyboard.type("Refund went to the wrong account.");
  await page.keyboard.press("Escape");
  const [actionRequest] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    page.keyboard.press("f"),
  ]);
  await expect(page.getByTestId("decision-status")).toContainText("item-16: Gold label fail saved (rubric v1).");
  await expect(items).toHaveCount(5);
  await expect(page.locator(`[data-transcript-id="${queue.transcriptIds["item-16"]}"]`)).toHaveCount(0);
  // The next item is now highlighted; K goes back to the first.
  await expect(items.nth(1)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("k");
  await expect(items.first()).toHaveAttribute("aria-current", "true");

  // Exactly one gold label, from adjudication, with the note; after a reload the item is still gone.
  const gold = JSON.parse(cli(["gold", queue.queueId, queue.transcriptIds["item-16"]!])) as {
    rubricVersion: number;
    value: string;
    source: string;
    note: string | null;
  }[];
  expect(gold).toEqual([
    expect.objectContaining({ rubricVersion: 1, value: "fail", source: "adjudication", note: "Refund went to the wrong account." }),
  ]);
  await page.reload();
  await expect(items).toHaveCount(5);

  // The CSV export: the header, one row per label (20 items × 2 reviewers), and the new gold status.
  const csv = await downloadText(page, "export-csv");
  expect(csv.name).toBe(`labels-${queue.name}.csv`);
  expect(csv.text.split("\n")[0]).toBe(EXPORT_COLUMNS.join(","));
  const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(40);
  const decided = rows.filter((r) => r.external_id === "item-16");
  expect(decided.map((r) => [r.reviewer_email, r.value, r.gold_value, r.gold_source, r.matches_gold])).toEqual([
    [queue.ann, "pass", "fail", "adjudication", "false"],
    [queue.bob, "fail", "fail", "adjudication", "true"],
  ]);
  expect(rows.filter((r) => r.gold_source === "consensus")).toHaveLength(28);
  expect(rows.filter((r) => r.has_gold === "false")).toHaveLength(10);
  const jsonl = await downloadText(page, "export-jsonl");
  expect(jsonl.text.trimEnd().split("\n")).toHaveLength(40);

  // The agreement page counts one fewer open disagreement.
  await page.goto(`/label/${queue.queueId}/agreement`);
  await expect(page.getByTestId("open-disagreements-value")).toHaveText("5");

  // A viewer may read the agreement but gets 403 on adjudication and on the export.
  const viewer = await signedInPage(browser, account("viewer"), `/label/${queue.queueId}/agreement`);
  await expect(viewer.getByTestId(`pair-${queue.ann}-${queue.bob}`).getByTestId("pair-kappa")).toHaveText("0.400");
  await expect(viewer.getByRole("navigation", { name: "Queue pages" }).getByRole("link", { name: "Adjudicate" })).toHaveCount(0);
  const response = await viewer.goto(`/label/${queue.queueId}/adjudicate`);
  expect(response?.status()).toBe(403);
  await expect(viewer.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  await expect(viewer.getByText(queue.ann)).toHaveCount(0);
  expect((await viewer.request.get(`/api/queues/${queue.queueId}/labels?format=csv`)).status()).toBe(403);
  // Replaying the admin's decision request (on another item) with the viewer's session is refused, and writes nothing.
  const body = actionRequest.postDataBuffer()!.toString("utf8").replace(queue.transcriptIds["item-16"]!, queue.transcriptIds["item-17"]!);
  expect(body).toContain(queue.transcriptIds["item-17"]!);
  const replay = await viewer.request.post(`/label/${queue.queueId}/adjudicate`, {
    headers: {
      "next-action": actionRequest.headers()["next-action"]!,
      "content-type": actionRequest.headers()["content-type"]!,
      accept: "text/x-component",
    },
    data: body,
  });
  expect(replay.status()).toBe(403);
  expect(JSON.parse(cli(["gold", queue.queueId, queue.transcriptIds["item-17"]!]))).toEqual([]);
});

test("an admin flags a user as adjudicator; that user may then adjudicate, and the change is audited", async ({ page, browser }) => {
  const tag = unique();
  const queue = seedQueue(tag);
  const email = `adj-${tag}@example.com`;
  const password = `adjudicator-${tag}-pw`;
  await signIn(page, account("admin"), "/users");
  const form = page.getByRole("form", { name: "Create user" });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByLabel("Password (optional)").fill(password);
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByTestId("create-user-result")).toContainText(`Created ${email}`);

  // Before the flag: a viewer, 403.
  const user = await signedInPage(browser, { role: "viewer", email, password });
  expect((await user.goto(`/label/${queue.queueId}/adjudicate`))?.status()).toBe(403);

  const row = page.getByTestId(`user-row-${email}`);
  await row.getByRole("button", { name: `Make ${email} an adjudicator` }).click();
  await expect(row.getByRole("status")).toHaveText(`${email} may adjudicate.`);
  await page.reload();
  await expect(page.getByTestId("audit-log")).toContainText("user.adjudicator_granted");

  // After: the same session may adjudicate (roles are read fresh on every request).
  expect((await user.goto(`/label/${queue.queueId}/adjudicate`))?.status()).toBe(200);
  await expect(user.getByTestId("adjudication-item")).toHaveCount(6);
  await user.getByTestId("adjudication-item").first().getByRole("button", { name: /Pass/ }).click();
  await expect(user.getByTestId("adjudication-item")).toHaveCount(5);
  const gold = JSON.parse(cli(["gold", queue.queueId, queue.transcriptIds["item-15"]!])) as { value: string; source: string }[];
  expect(gold).toEqual([expect.objectContaining({ value: "pass", source: "adjudication" })]);
});

test("undefined agreement is shown as undefined, with why", async ({ page, browser }) => {
  const tag = unique();
  const ann = `ann-${tag}@example.com`;
  const bob = `bob-${tag}@example.com`;
  const items = ["a", "b", "c"].map((key) => ({
    key,
    labels: [
      { reviewer: ann, value: "pass" },
      { reviewer: bob, value: "pass" },
    ],
  }));
  const seeded = JSON.parse(cli(["seed", JSON.stringify({ queues: [{ name: `constant-${tag}`, items }] })])) as Seeded;
  const queueId = seeded.queues[`constant-${tag}`]!.queueId;
  await signIn(page, account("reviewer"), `/label/${queueId}/agreement`);
  const row = page.getByTestId(`pair-${ann}-${bob}`);
  await expect(row.getByTestId("pair-kappa")).toHaveText("undefined");
  await expect(row.getByTestId("pair-ci")).toHaveText("undefined");
  await expect(row.getByTestId("pair-undefined-reason")).toContainText('Both gave every shared item the same label ("pass")');
  await expect(page.getByTestId("alpha-value")).toHaveText("undefined");
  await expect(page.getByTestId("alpha")).toContainText("no variation to agree on");

  // With nothing to decide, the adjudication page says so (admin).
  const admin = await signedInPage(browser, account("admin"), `/label/${queueId}/adjudicate`);
  await expect(admin.getByRole("heading", { name: "Nothing to adjudicate" })).toBeVisible();
});

test("a new rubric version starts the queue's agreement over; the old labels and gold stay with v1", async ({ page }) => {
  const queue = seedQueue(unique());
  await signIn(page, account("admin"), `/label/${queue.queueId}/rubric`);
  await expect(page.getByTestId("rubric-version")).toHaveText("rubric v1");
  const form = page.getByRole("form", { name: "New rubric version" });
  await form.getByRole("button", { name: "New rubric version" }).click();
  await expect(form.getByRole("alert")).toContainText("That is the current rubric");
  await form.getByLabel("Rubric v2").fill("Pass only when the refund reaches the original payment method.");
  await form.getByRole("button", { name: "New rubric version" }).click();
  await expect(page.getByTestId("rubric-result")).toContainText("Rubric v2 is now current.");
  await page.reload();
  await expect(page.getByTestId("rubric-version")).toHaveText("rubric v2");
  await expect(page.getByTestId("current-rubric")).toHaveText("Pass only when the refund reaches the original payment method.");
  await expect(page.getByText("Pass when the answer is correct and complete.")).toBeVisible();

  await page.goto(`/label/${queue.queueId}/agreement`);
  await expect(page.getByRole("heading", { name: "No labels under rubric v2 yet" })).toBeVisible();
  await expect(page.getByText("40 labels made under earlier rubric versions are kept but not counted.", { exact: false })).toBeVisible();
  await page.goto(`/label/${queue.queueId}/adjudicate`);
  await expect(page.getByRole("heading", { name: "Nothing to adjudicate" })).toBeVisible();
  // The consensus gold of v1 is still there, with its version.
  expect(JSON.parse(cli(["gold", queue.queueId, queue.transcriptIds["item-01"]!]))).toEqual([
    expect.objectContaining({ rubricVersion: 1, value: "pass", source: "consensus" }),
  ]);
});

test("pairwise disagreements are decided with A and B", async ({ page }) => {
  const tag = unique();
  const ann = `ann-${tag}@example.com`;
  const bob = `bob-${tag}@example.com`;
  const items = ["p1", "p2", "p3"].map((key, i) => ({
    key,
    outputs: { a: `Left answer ${key}`, b: `Right answer ${key}` },
    labels: [
      { reviewer: ann, value: "A" },
      { reviewer: bob, value: i === 2 ? "A" : "B" },
    ],
  }));
  const name = `pairs-${tag}`;
  const seeded = JSON.parse(cli(["seed", JSON.stringify({ queues: [{ name, kind: "pairwise", items }] })])) as Seeded;
  const { queueId, transcriptIds } = seeded.queues[name]!;
  await signIn(page, account("admin"), `/label/${queueId}/adjudicate`);
  const list = page.getByTestId("adjudication-item");
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText("Left answer p1");
  await expect(list.first()).toContainText("Right answer p1");
  await hotkeysReady(page);
  await page.keyboard.press("?");
  await expect(page.getByTestId("key-help")).toContainText("A a is better · B b is better · J next · K previous");
  await page.keyboard.press("p"); // not a pairwise key: nothing happens
  await page.keyboard.press("b");
  await expect(list).toHaveCount(1);
  // Keys wait while a decision is being saved (its buttons are disabled until then).
  await expect(list.first().getByRole("button", { name: /^A/ })).toBeEnabled();
  await page.keyboard.press("a");
  // The decision revalidates the page: with nothing left, the server's empty state replaces the list.
  await expect(page.getByRole("heading", { name: "Nothing to adjudicate" })).toBeVisible();
  expect(JSON.parse(cli(["gold", queueId, transcriptIds.p1!]))).toEqual([expect.objectContaining({ value: "B", source: "adjudication" })]);
  expect(JSON.parse(cli(["gold", queueId, transcriptIds.p2!]))).toEqual([expect.objectContaining({ value: "A", source: "adjudication" })]);
  expect(JSON.parse(cli(["gold", queueId, transcriptIds.p3!]))).toEqual([expect.objectContaining({ value: "A", source: "consensus" })]);
});
