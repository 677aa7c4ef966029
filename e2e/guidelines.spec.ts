import { expect, test } from "@playwright/test";
import { account, alerts, hotkeysReady, signedInPage } from "./helpers";
import { seedQueue, unique } from "./seed";

/**
 * The guideline panel: an admin decides a disagreement into gold and attaches that item to the
 * current rubric version as a worked example; a reviewer opens the panel by keyboard on another item
 * and reads the rubric and the example, and is never served the example item; a new rubric version
 * starts with no examples; the audit log has the example and the reviewer's comment and flag.
 */
test("a gold item becomes a worked example in the reviewers' guideline panel, never an item they are served; a new rubric version has none", async ({
  browser,
}) => {
  const tag = unique();
  const key = (k: string) => `guide-${tag}-${k}`;
  const rubric = `RUBRIC-${tag}: pass when the refund is full.`;
  const payload = `<img src="http://127.0.0.1:9/x.png" onerror="window.__pwned = 1"> Refunded in full.`;
  const seeded = seedQueue({
    name: `guide-${tag}`,
    order: "input",
    reviewersPerItem: 2,
    rubric,
    items: [
      {
        key: key("example"),
        taskPrompt: `EXAMPLE-PROMPT-${tag}: refund order 7`,
        finalOutput: payload,
        content: {
          messages: [
            { role: "user", content: `EXAMPLE-PROMPT-${tag}: refund order 7` },
            {
              role: "assistant",
              content: "Refunding.",
              toolCalls: [{ name: "issue_refund", arguments: { order: 7 }, result: { refunded: 20 } }],
            },
          ],
        },
        labels: [
          { reviewer: `ann-${tag}@example.com`, value: "pass" },
          { reviewer: `bob-${tag}@example.com`, value: "fail" },
        ],
      },
      { key: key("open-1") },
      { key: key("open-2") },
    ],
  });
  const exampleTranscript = seeded.transcriptIds[key("example")]!;

  // The admin decides the disagreement: the item is now gold, and every label it needs is in.
  const admin = await signedInPage(browser, account("admin"), `/label/${seeded.queueId}/adjudicate`);
  const items = admin.getByTestId("adjudication-item");
  await expect(items).toHaveCount(1);
  await items.first().getByRole("button", { name: /^Pass/ }).click();
  await expect(items).toHaveCount(0);

  // From the gold labels page: an empty explanation is refused whole, with a message; then it is attached.
  await admin.goto(`/label/${seeded.queueId}/gold`);
  const row = admin.getByTestId(`gold-${key("example")}`);
  await row.getByText("Use as example").click();
  await row.getByRole("button", { name: "Add as worked example" }).click();
  await expect(row.getByTestId("example-error")).toContainText("Please correct the highlighted fields.");
  await expect(row.getByRole("alert").filter({ hasText: "Write why this item gets its label." })).toBeVisible();
  await row.getByLabel("Explanation").fill(`EXPLANATION-${tag}: the whole amount went back to the card.`);
  await row.getByRole("button", { name: "Add as worked example" }).click();
  // Attached: the row now says so (the form is gone), and stays so after a reload.
  await expect(row.getByTestId("is-example")).toBeVisible();
  await admin.reload();
  await expect(admin.getByTestId(`gold-${key("example")}`).getByTestId("is-example")).toBeVisible();

  // A reviewer on another item: the panel opens with G (listed under ?), with the rubric and the example.
  const reviewer = await signedInPage(browser, account("reviewer", 0), `/label/${seeded.queueId}/item`);
  await expect(reviewer.getByTestId("item-key")).toHaveText(key("open-1"));
  await hotkeysReady(reviewer);
  await reviewer.keyboard.press("?");
  await expect(reviewer.getByTestId("hotkey-help")).toContainText("Show or hide the guidelines");
  await reviewer.keyboard.press("?");
  const panel = reviewer.getByTestId("guideline-panel");
  await expect(panel.getByTestId("guideline-example")).toHaveCount(0);
  await reviewer.keyboard.press("g");
  await expect(panel.getByRole("button", { name: /Guidelines/ })).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByTestId("guideline-rubric")).toHaveText(rubric);
  const example = panel.getByTestId("guideline-example");
  await expect(example).toHaveCount(1);
  await expect(example).toContainText(`EXAMPLE-PROMPT-${tag}: refund order 7`);
  await expect(example.getByTestId("guideline-expected")).toHaveText("pass");
  await expect(example.getByTestId("guideline-explanation")).toContainText(`EXPLANATION-${tag}`);
  // The card shows the tool calls the agent made, with their arguments and results.
  await expect(example.getByTestId("guideline-tool-call")).toHaveCount(1);
  await expect(example.getByTestId("guideline-tool-call")).toContainText("issue_refund");
  await expect(example.getByTestId("guideline-tool-call")).toContainText('{"refunded":20}');
  // Untrusted output is text in the panel too.
  await expect(example).toContainText('<img src="http://127.0.0.1:9/x.png"');
  await expect(example.locator("img, script, a")).toHaveCount(0);
  expect(await reviewer.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await reviewer.keyboard.press("g");
  await expect(panel.getByTestId("guideline-example")).toHaveCount(0);

  // A comment and a flag on the item on screen (audited below).
  await reviewer.getByTestId("item-notes").locator("summary").click();
  await reviewer.getByRole("button", { name: "Unsure" }).click();
  await expect(reviewer.getByRole("button", { name: "Unsure" })).toHaveAttribute("aria-pressed", "true");
  await reviewer.getByLabel("Comment", { exact: true }).fill(`COMMENT-${tag}`);
  await reviewer.getByRole("button", { name: "Add comment" }).click();
  await expect(reviewer.getByTestId("item-thread")).toContainText(`COMMENT-${tag}`);

  // Label by keyboard until done (keys pause while a field has the focus): the example item is never served.
  await reviewer.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const served: string[] = [];
  for (const next of [key("open-1"), key("open-2")]) {
    await expect(reviewer.getByTestId("item-key")).toHaveText(next);
    served.push(next);
    await hotkeysReady(reviewer);
    await reviewer.keyboard.press("p");
    await expect(reviewer.getByTestId("my-label-count")).toHaveText(String(served.length));
  }
  await expect(reviewer.getByText("You are done with this queue")).toBeVisible();
  expect(served).not.toContain(key("example"));

  // A new rubric version starts with no examples; v1's stays listed under v1.
  await admin.goto(`/label/${seeded.queueId}/rubric`);
  await expect(admin.getByTestId("current-examples")).toContainText(key("example"));
  await admin.getByLabel("Rubric v2").fill(`RUBRIC-V2-${tag}: pass only when the refund is full and prompt.`);
  await admin.getByRole("button", { name: "New rubric version" }).click();
  await expect(admin.getByTestId("rubric-result")).toContainText("Rubric v2 is now current");
  await admin.reload();
  await expect(admin.getByTestId("no-examples")).toContainText("No worked examples for v2 yet");
  await expect(admin.getByTestId("examples-v1")).toContainText(key("example"));
  await reviewer.goto(`/label/${seeded.queueId}/item`);
  await hotkeysReady(reviewer);
  await reviewer.keyboard.press("g");
  await expect(reviewer.getByTestId("guideline-rubric")).toHaveText(`RUBRIC-V2-${tag}: pass only when the refund is full and prompt.`);
  await expect(reviewer.getByTestId("guideline-empty")).toContainText("No worked examples for rubric v2 yet");
  await expect(reviewer.getByTestId("guideline-example")).toHaveCount(0);

  // The audit log: the example added (on the queue) and the comment and flag (on the item's transcript), without their words.
  await admin.goto(`/audit?object=${seeded.queueId}&action=example.added`);
  await expect(admin.getByTestId("audit-events").getByRole("row")).toHaveCount(1);
  await expect(admin.getByTestId("audit-events")).toContainText(exampleTranscript);
  await expect(admin.getByTestId("audit-events")).not.toContainText(`EXPLANATION-${tag}`);
  const openTranscript = seeded.transcriptIds[key("open-1")]!;
  await admin.goto(`/audit?object=${openTranscript}`);
  const events = admin.getByTestId("audit-events");
  await expect(events.locator("tr[data-action='item.commented']")).toHaveCount(1);
  await expect(events.locator("tr[data-action='item.flagged']")).toHaveCount(1);
  await expect(events).not.toContainText(`COMMENT-${tag}`);
  await expect(alerts(admin)).toHaveCount(0);
  await admin.context().close();
  await reviewer.context().close();
});
