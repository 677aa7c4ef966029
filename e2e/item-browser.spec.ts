import { expect, test } from "@playwright/test";
import { account, signedInPage } from "./helpers";
import { seedQueue, unique } from "./seed";

/**
 * The item browser (/label/[queueId]/items): an admin filters, searches and pages a queue's items and
 * opens one; a reviewer who may not adjudicate is refused (rows carry every reviewer's label). The queue
 * is seeded and assigned to the two demo reviewers, in input order, so rows and pages are known.
 */
test("an admin filters, searches and pages the items; a reviewer is refused", async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = unique();
  const [ann, bob] = [account("reviewer", 0), account("reviewer", 1)];
  const key = (i: number) => `browse-${tag}-${String(i).padStart(2, "0")}`;
  const prompt = (i: number) =>
    i === 33 ? `Refund the teal kettle ${tag}` : i === 2 ? `<img src=x onerror="window.__pwned=1"> ${tag}` : `Task ${key(i)}`;
  const labels = (i: number) =>
    i === 0
      ? [
          { reviewer: ann.email, value: "pass" },
          { reviewer: bob.email, value: "fail" },
        ]
      : i === 1
        ? [
            { reviewer: ann.email, value: "pass" },
            { reviewer: bob.email, value: "pass" },
          ]
        : undefined;
  const seeded = seedQueue({
    name: `browse-${tag}`,
    reviewersPerItem: 2,
    order: "input",
    assign: [ann.email, bob.email],
    items: Array.from({ length: 60 }, (_, i) => ({ key: key(i), taskPrompt: prompt(i), labels: labels(i) })),
  });

  const admin = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}`);
  await admin.getByRole("link", { name: "Items", exact: true }).first().click();
  await expect(admin.getByRole("heading", { name: "Items", exact: true })).toBeVisible();
  const rows = admin.getByTestId("items").locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(0)}`);
  const first = admin.getByTestId(`item-${key(0)}`);
  await expect(first.getByTestId("item-status")).toHaveText("labeled");
  await expect(first.getByTitle(ann.email)).toHaveCount(1);
  await expect(first.getByTitle(bob.email)).toHaveCount(1);
  // Untrusted prompt text is shown as text, never run.
  await expect(admin.getByTestId(`item-${key(2)}`)).toContainText(`<img src=x onerror="window.__pwned=1">`);
  expect(await admin.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Keyset pages: forward to the last 10, back to the first 50.
  await admin.getByRole("link", { name: "Next →" }).click();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(50)}`);
  await expect(admin.getByRole("link", { name: "Next →" })).toHaveCount(0);
  await admin.getByRole("link", { name: "← Previous" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(0)}`);

  // Filters are a GET form: the URL carries them.
  await admin.getByLabel("Disagreement").check();
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/disagreement=1/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(0)}`);
  await admin.getByLabel("Disagreement").uncheck();
  await admin.getByLabel("Status").selectOption("labeled");
  await admin.getByLabel("Reviewer").selectOption(bob.email);
  await admin.getByLabel("Label", { exact: true }).selectOption("pass");
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(1)}`);
  await admin.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(admin).toHaveURL(/\/items$/);
  await expect(admin.getByLabel("Status")).toHaveValue("");

  // Text search over prompts, and an exact external id.
  await admin.getByLabel("Search").fill("TEAL kettle");
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-testid", `item-${key(33)}`);
  await admin.getByLabel("Search").fill(key(41));
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin.getByTestId("exact-items").locator("tbody tr")).toHaveCount(1);
  await admin.getByLabel("Search").fill(`nothing-like-this-${tag}`);
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin.getByText("No items match")).toBeVisible();

  // A bad parameter is named, not a crash.
  const bad = await admin.goto(`/label/${seeded.queueId}/items?status=done&after=x'--`);
  expect(bad?.status()).toBe(200);
  await expect(admin.getByTestId("browser-error")).toContainText("Status is one of");
  await expect(admin.getByTestId("browser-error")).toContainText("page link is damaged");

  // A row opens the item in the adjudication view.
  await admin.goto(`/label/${seeded.queueId}/items`);
  await admin.getByRole("link", { name: key(0), exact: true }).click();
  await expect(admin).toHaveURL(/\/adjudicate\?item=/);
  await expect(admin.getByTestId("adjudication-item")).toHaveCount(1);
  await expect(admin.getByTestId("adjudication-item")).toContainText(key(0));

  // A reviewer who may not adjudicate: no link, and 403 with nothing of the other reviewer's labels.
  const reviewer = await signedInPage(browser, ann, `/label/${seeded.queueId}`);
  await expect(reviewer.getByRole("link", { name: "Items", exact: true })).toHaveCount(0);
  const refused = await reviewer.goto(`/label/${seeded.queueId}/items?q=${key(0)}`);
  expect(refused?.status()).toBe(403);
  await expect(reviewer.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  expect(await refused!.text()).not.toContain(bob.email);
});
