import { expect, test } from "@playwright/test";
import { account, hotkeysReady, signIn, signedInPage } from "./helpers";
import { seedQueue, storedLabels, unique } from "./seed";

/**
 * The labeling workbench around the label itself: how the choices look, where they stay, what the
 * reviewer is told about their progress, and the gold labels a queue has made.
 */
test("neutral choices in a panel that stays in view, items left and time spent, and the queue's gold labels for adjudicators only", async ({
  browser,
}) => {
  const tag = unique();
  const name = `wb-${tag}`;
  const key = (i: number) => `wb-${tag}-${i}`;
  // A long transcript: sixty messages of several lines each.
  const long = {
    messages: Array.from({ length: 60 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: `Message ${i}\n${"A line of the conversation.\n".repeat(6)}`,
    })),
  };
  const seeded = seedQueue({
    name,
    order: "input",
    reviewersPerItem: 1,
    items: [{ key: key(0), content: long }, { key: key(1) }, { key: key(2) }],
  });
  const reviewer = account("reviewer", 0);
  const page = await signedInPage(browser, reviewer, `/label/${seeded.queueId}/item`);

  await expect(page.getByTestId("item-key")).toHaveText(key(0));
  await expect(page.getByTestId("items-left")).toHaveText("3");
  await expect(page.getByTestId("my-time-per-label")).toHaveText("—");
  const pass = page.getByRole("button", { name: /^Pass/ });
  const fail = page.getByRole("button", { name: /^Fail/ });
  // Same look for every choice: no filled "Pass" beside an outlined "Fail".
  expect(await pass.getAttribute("class")).toBe(await fail.getAttribute("class"));

  // The choices stay on screen at the end of a long transcript (its folded middle opened), on a wide and on a narrow window.
  await page.getByTestId("conversation-fold").click();
  await expect(page.getByTestId("message")).toHaveCount(60);
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
  // Reviewer, Labeled, Left, Skipped, Stranded, Judge revealed, Time spent.
  await expect(row.getByRole("cell").nth(6)).toHaveText(`${Math.round(label!.timeSpentMs! / 1000)} s`);

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

test("a comment and a flag: the second reviewer sees neither before labeling, then both; the adjudicator sees the flagged item though its reviewers agree", async ({
  browser,
}) => {
  const tag = unique();
  const key = `note-${tag}`;
  const secret = `COMMENT-SECRET-${tag}`;
  const seeded = seedQueue({ name: `notes-${tag}`, order: "input", reviewersPerItem: 2, items: [{ key }] });

  const first = await signedInPage(browser, account("reviewer", 0), `/label/${seeded.queueId}/item`);
  await expect(first.getByTestId("item-key")).toHaveText(key);
  await first.getByTestId("item-notes").locator("summary").click();
  await first.getByRole("button", { name: "Unsure" }).click();
  await expect(first.getByRole("button", { name: "Unsure" })).toHaveAttribute("aria-pressed", "true");
  await first.getByLabel("Comment", { exact: true }).fill(secret);
  await first.getByRole("button", { name: "Add comment" }).click();
  await expect(first.getByTestId("item-thread")).toContainText(secret);
  await first.getByRole("button", { name: /^Pass/ }).click();
  await expect(first.getByText("You are done with this queue")).toBeVisible();

  // The second reviewer: nothing of the comment or the flag in anything the browser receives.
  const context = await browser.newContext();
  const second = await context.newPage();
  const bodies: Promise<string>[] = [];
  second.on("response", (response) => void bodies.push(response.text().catch(() => "")));
  await signIn(second, account("reviewer", 1), `/label/${seeded.queueId}/item`);
  await expect(second.getByTestId("item-key")).toHaveText(key);
  await second.getByTestId("item-notes").locator("summary").click();
  await expect(second.getByRole("button", { name: "Unsure" })).toHaveAttribute("aria-pressed", "false");
  await expect(second.getByTestId("item-thread")).not.toContainText(secret);
  expect((await Promise.all(bodies)).join("\n")).not.toContain(secret);
  // The choice buttons work once the page has hydrated; a click before that is lost (CI on a loaded machine).
  await hotkeysReady(second);
  await second.getByRole("button", { name: /^Pass/ }).click();
  // Labeled: now the thread of the item is theirs to read, with the first reviewer's flag.
  await expect(second.getByTestId("last-thread")).toContainText(secret);
  await expect(second.getByTestId("last-thread-flags")).toContainText("Unsure");

  // Both said pass (consensus gold), yet the flag puts the item in the adjudicator's view, with the comment.
  const admin = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}/adjudicate`);
  const item = admin.getByTestId("adjudication-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("item-flag")).toContainText("Unsure");
  await expect(item.getByTestId("adjudication-note")).toHaveText("(no disagreement: here for its flag)");
  await expect(item.getByTestId("adjudication-thread")).toContainText(secret);
  await item.getByRole("button", { name: /^Fail/ }).click();
  // Decided: it leaves the list, and stays gone after a reload (its flag is resolved).
  await expect(admin.getByTestId("adjudication-item")).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByTestId("adjudication-item")).toHaveCount(0);
  // Opened again from the item browser, with no disagreement and its flag resolved: no "here for its flag".
  await admin.goto(`/label/${seeded.queueId}/adjudicate?item=${seeded.transcriptIds[key]}`);
  await expect(admin.getByTestId("adjudication-item")).toHaveCount(1);
  await expect(admin.getByTestId("adjudication-note")).toHaveText("(opened from the item browser: no open disagreement and no open flag)");
  await first.context().close();
  await context.close();
  await admin.context().close();
});

test("a data set's imported raters are listed apart from the people who sign in, with nothing to disable", async ({ browser }) => {
  // The e2e server's first start imported HANNA, whose three raters came with its labels.
  const admin = await signedInPage(browser, account("admin"), "/users");
  const raters = admin.getByTestId("imported-raters");
  await expect(raters).toContainText("cannot sign in");
  const rater = raters.getByTestId("rater-row-hanna-rater-1@hanna.invalid");
  await expect(rater).toContainText("HANNA rater 1");
  await expect(rater.getByRole("button")).toHaveCount(0);
  await expect(admin.getByTestId("user-row-hanna-rater-1@hanna.invalid")).toHaveCount(0);
  // The people still have their controls.
  await expect(
    admin.getByTestId(`user-row-${account("reviewer").email}`).getByRole("button", { name: /^(Disable|Enable)$/ }),
  ).toBeVisible();
  await admin.context().close();
});
