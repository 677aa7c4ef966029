import { expect, test } from "@playwright/test";
import { account, hotkeysReady, signedInPage } from "./helpers";
import { seedQueue, storedLabels, unique } from "./seed";

/**
 * The labeling workbench around the label itself: how the choices look, where they stay, what the
 * reviewer is told about their progress, and the gold labels a queue has made.
 */
test("neutral choices in a panel that stays in view, items left and time spent, and the queue's gold labels for adjudicators only", async ({ browser }) => {
  const tag = unique();
  const name = `wb-${tag}`;
  const key = (i: number) => `wb-${tag}-${i}`;
  // A long transcript: sixty messages of several lines each.
  const long = { messages: Array.from({ length: 60 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `Message ${i}\n${"A line of the conversation.\n".repeat(6)}` })) };
  const seeded = seedQueue({ name, order: "input", reviewersPerItem: 1, items: [{ key: key(0), content: long }, { key: key(1) }, { key: key(2) }] });
  const reviewer = account("reviewer", 0);
  const page = await signedInPage(browser, reviewer, `/label/${seeded.queueId}/item`);

  await expect(page.getByTestId("item-key")).toHaveText(key(0));
  await expect(page.getByTestId("items-left")).toHaveText("3");
  await expect(page.getByTestId("my-time-per-label")).toHaveText("—");
  const pass = page.getByRole("button", { name: /^Pass/ });
  const fail = page.getByRole("button", { name: /^Fail/ });
  // Same look for every choice: no filled "Pass" beside an outlined "Fail".
  expect(await pass.getAttribute("class")).toBe(await fail.getAttribute("class"));

  // The choices stay on screen at the end of a long transcript, on a wide and on a narrow window.
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 700 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    await expect(pass).toBeInViewport();
    await expect(fail).toBeInViewport();
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await hotkeysReady(page);
  await page.waitForTimeout(1200); // so the label's time is at least a second
  await page.keyboard.press("p");
  await expect(page.getByTestId("item-key")).toHaveText(key(1));
  await expect(page.getByTestId("items-left")).toHaveText("2");
  await expect(page.getByTestId("my-label-count")).toHaveText("1");
  await expect(page.getByTestId("my-time-per-label")).toHaveText(/^\d+ s$/);
  const [label] = storedLabels(seeded.queueId).labels;
  expect(label!.timeSpentMs).toBeGreaterThanOrEqual(1000);
  await expect(page.getByTestId("my-time-spent")).toHaveText(`${Math.round(label!.timeSpentMs! / 1000)} s`);

  // The queue page shows each reviewer's time.
  await page.goto(`/label/${seeded.queueId}`);
  const row = page.getByTestId("reviewer-progress").getByRole("row").filter({ hasText: reviewer.email });
  await expect(row.getByRole("cell").nth(4)).toHaveText(`${Math.round(label!.timeSpentMs! / 1000)} s`);

  // Gold labels: a reviewer may not see them (they would unblind items not yet labeled); an admin may.
  const forbidden = await page.goto(`/label/${seeded.queueId}/gold`);
  expect(forbidden?.status()).toBe(403);
  const admin = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}/gold`);
  await expect(admin.getByTestId("gold-total")).toHaveText("1");
  const gold = admin.getByTestId(`gold-${key(0)}`);
  await expect(gold).toContainText("pass");
  await expect(gold).toContainText("consensus");
  await expect(gold).toContainText("dev");
  await admin.getByRole("link", { name: "adjudication", exact: true }).click();
  await expect(admin.getByTestId("gold-total")).toHaveText("0");
  await page.context().close();
  await admin.context().close();
});
