import { expect, test, type Page, type Response } from "@playwright/test";
import { account, signedInPage } from "./helpers";
import { seedQueue, storedLabels, unique } from "./seed";

/**
 * "My labels": a reviewer changes an earlier label (its history kept, the consensus gold made again)
 * and takes back a skip. Queues are seeded and assigned to the two demo reviewers, so the other specs
 * running at once, which share those accounts, never touch them.
 */
function recordResponses(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    bodies.push(response.text().catch(() => ""));
  });
  return { all: async () => (await Promise.all(bodies)).join("\n\u0000\n") };
}

/** A queue of `items` in input order assigned to the two demo reviewers only (see above). */
function seedReviewersQueue(name: string, items: object[], options: { reviewersPerItem?: number } = {}) {
  return seedQueue({ name, order: "input", assign: [account("reviewer", 0).email, account("reviewer", 1).email], items, ...options });
}

test("change an earlier label from My labels: history kept, gold made again, nothing of the other reviewer shown", async ({ browser }) => {
  const tag = unique();
  const [me, other] = [account("reviewer", 0), account("reviewer", 1)];
  const otherSecret = `OTHER-REVIEWER-REASON-${tag}`;
  const key = (i: number) => `mine-${tag}-${i}`;
  const seeded = seedReviewersQueue(
    `mine-${tag}`,
    [0, 1].map((i) => ({ key: key(i), labels: [{ reviewer: other.email, value: "fail", reason: otherSecret }] })),
    { reviewersPerItem: 2 },
  );
  const page = await signedInPage(browser, me, `/label/${seeded.queueId}/item`);
  const responses = recordResponses(page);
  await expect(page.getByTestId("item-key")).toHaveText(key(0));
  await page.getByRole("button", { name: /^Pass/ }).click();
  await expect(page.getByTestId("item-key")).toHaveText(key(1));
  await page.getByRole("button", { name: /^Fail/ }).click();
  await expect(page.getByText("You are done with this queue")).toBeVisible();
  // Item 1 agrees (fail, fail): consensus gold. Item 0 disagrees: none yet.
  expect(storedLabels(seeded.queueId).gold).toEqual([{ transcriptId: seeded.transcriptIds[key(1)], value: "fail", source: "consensus" }]);

  await page.getByRole("link", { name: "My labels" }).click();
  await expect(page.getByRole("heading", { name: `My labels in mine-${tag}` })).toBeVisible();
  await expect(page.getByTestId(`my-label-${key(0)}`).getByTestId("my-label-value")).toHaveText("pass");
  await page.getByRole("link", { name: `Change label on ${key(0)}` }).click();
  await expect(page.getByTestId("current-value")).toHaveText("pass");
  await page.getByRole("radio", { name: "Fail" }).check();
  await page.getByLabel("Reason (optional)").fill("The refund went to the wrong account.");
  await page.getByRole("button", { name: "Save change" }).click();
  await expect(page.getByTestId("current-value")).toHaveText("fail");
  await expect(page.getByTestId("label-history")).toContainText("pass → fail");

  const after = storedLabels(seeded.queueId);
  expect(after.labels.find((l) => l.reviewer === me.email && l.transcriptId === seeded.transcriptIds[key(0)])).toMatchObject({
    value: "fail",
    reason: "The refund went to the wrong account.",
  });
  // Both reviewers now say fail on item 0: the consensus gold label is made by the change.
  expect(after.gold).toContainEqual({ transcriptId: seeded.transcriptIds[key(0)], value: "fail", source: "consensus" });

  await page.getByRole("link", { name: "My labels in this queue" }).click();
  await expect(page.getByTestId(`my-label-${key(0)}`)).toContainText("1 change");
  // Blind: the other reviewer's label never reached this browser on any of these pages.
  expect(await responses.all()).not.toContain(otherSecret);
  await page.context().close();
});

test("un-skip: a skipped item comes back to the reviewer's queue", async ({ browser }) => {
  const tag = unique();
  const me = account("reviewer", 0);
  const key = `unskip-${tag}-0`;
  const seeded = seedReviewersQueue(`unskip-${tag}`, [{ key }]);
  const page = await signedInPage(browser, me, `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(key);
  await page.getByRole("button", { name: /^Skip/ }).click();
  await expect(page.getByText("You are done with this queue")).toBeVisible();

  await page.goto(`/label/mine?queue=${seeded.queueId}`);
  await page
    .getByTestId(`skip-${key}`)
    .getByRole("button", { name: `Un-skip ${key}` })
    .click();
  await expect(page.getByTestId(`skip-${key}`)).toHaveCount(0);
  expect(storedLabels(seeded.queueId).skips).toEqual([]);
  await page.goto(`/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(key);
  await page.context().close();
});

test("stranded: a skip in a 2-reviewer queue with two reviewers is warned about, and an admin reopens the item in one click", async ({
  browser,
}) => {
  const tag = unique();
  const me = account("reviewer", 0);
  const key = (i: number) => `stranded-${tag}-${i}`;
  const seeded = seedReviewersQueue(
    `stranded-${tag}`,
    [0, 1].map((i) => ({ key: key(i) })),
    { reviewersPerItem: 2 },
  );
  const page = await signedInPage(browser, me, `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(key(0));
  await page.getByRole("button", { name: /^Skip/ }).click();
  await expect(page.getByTestId("item-key")).toHaveText(key(1));

  const admin = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}`);
  await expect(admin.getByTestId("stranded-warning")).toContainText("skips left fewer reviewers than the 2 each needs");
  await expect(admin.getByTestId("stranded-count")).toHaveText("1");
  await expect(admin.getByTestId("standing-stranded")).toHaveText("1");
  await expect(admin.getByTestId("standing-left")).toHaveText("1");
  await expect(admin.getByTestId("stranded-items")).toContainText(key(0));
  await expect(admin.getByTestId("stranded-items")).toContainText(`0 of 2 labels; skipped by ${me.email}`);
  await expect(admin.getByTestId(`reviewer-${me.email}`)).toBeVisible();
  await admin.getByRole("button", { name: "Reopen all 1 stranded" }).click();
  await expect(admin.getByTestId("stranded-warning")).toHaveCount(0);
  await expect(admin.getByTestId("standing-stranded")).toHaveText("0");
  expect(storedLabels(seeded.queueId).skips).toEqual([]);

  // The reviewer who skipped is offered the item again once they are done with the one they hold.
  await page.getByRole("button", { name: /^Pass/ }).click();
  await expect(page.getByTestId("item-key")).toHaveText(key(0));
  await admin.context().close();
  await page.context().close();
});
