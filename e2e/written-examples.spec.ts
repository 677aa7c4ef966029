import { expect, test, type Page, type Response } from "@playwright/test";
import { account, alerts, hotkeysReady, signedInPage } from "./helpers";
import { seedQueue, unique } from "./seed";

/** Every response body the page receives (the document and any RSC payload), kept for inspection. */
function recordResponses(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    bodies.push(response.text().catch(() => ""));
  });
  return { all: async () => (await Promise.all(bodies)).join("\n\u0000\n") };
}

async function openPanel(page: Page) {
  await hotkeysReady(page);
  await page.keyboard.press("g");
  const panel = page.getByTestId("guideline-panel");
  await expect(panel.getByRole("button", { name: /Guidelines/ })).toHaveAttribute("aria-expanded", "true");
  return panel;
}

/**
 * A new team's first queue has no gold, so its admin writes worked examples on the new-queue form: a bad
 * one refuses the form whole, naming the example and field; good ones reach the reviewers' guideline
 * panel with their tool calls (name, arguments, result). One example's content is a transcript that one
 * reviewer still has to label in another queue: that reviewer is told an example is hidden and receives
 * neither its expected label nor its explanation, in the HTML or the RSC payload; another reviewer sees it.
 */
test("examples written on the new-queue form reach the guideline panel with tool calls, and never a reviewer with their content to label", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const [pendingReviewer, otherReviewer] = [account("reviewer", 0), account("reviewer", 1)];
  const source = `wx-${tag}`;
  // The new queue's own items: every transcript of a source of their own.
  seedQueue({ name: `wx-items-${tag}`, source, order: "input", items: [{ key: `wx-${tag}-1` }, { key: `wx-${tag}-2` }] });
  // Elsewhere, a transcript only the first reviewer may label (assigned), still unlabeled.
  const task = `LEAK-TASK-${tag}: refund order 9`;
  seedQueue({
    name: `wx-pending-${tag}`,
    assign: [pendingReviewer.email],
    items: [
      {
        key: `wx-${tag}-pending`,
        externalId: null,
        taskPrompt: task,
        finalOutput: "Refunded order 9.",
        content: {
          messages: [
            { role: "user", content: task },
            { role: "assistant", content: "Refunding.", toolCalls: [{ name: "issue_refund", arguments: { order: 9 } }] },
          ],
        },
      },
    ],
  });
  // The same content, pasted as a JSON example (the JSONL import's shape, no id): the same transcript by content hash.
  const leaking = JSON.stringify({
    expected: "pass",
    why: `LEAK-WHY-${tag}: one refund, as asked.`,
    task_prompt: task,
    messages: [
      { role: "user", content: task },
      { role: "assistant", content: "Refunding.", tool_calls: [{ name: "issue_refund", arguments: { order: 9 } }] },
    ],
    final_output: "Refunded order 9.",
  });
  const doubleRefund = [
    "expected: fail",
    `task: DOUBLE-TASK-${tag}: refund order 7.`,
    "output: I refunded order 7.",
    'tool: issue_refund {"order": 7}',
    'result: {"refunded": 20}',
    'tool: issue_refund {"order": 7}',
    'result: {"refunded": 20}',
    `why: DOUBLE-WHY-${tag}: a second refund for the same order.`,
  ].join("\n");

  const admin = await signedInPage(browser, account("admin"), "/label/new");
  // The source radio is controlled: choose it once the form has hydrated, or hydration would undo the choice.
  await admin.waitForLoadState("networkidle");
  const name = `wx-${tag}`;
  await admin.getByLabel("Name").fill(name);
  await admin.getByLabel("Rubric").fill("Pass when the order is refunded exactly once.");
  await admin.getByLabel("Every transcript of a source").check();
  await admin.getByLabel("Source", { exact: true }).selectOption(source);
  // One bad example refuses the form whole, and says which example and which field.
  await admin.getByLabel("Worked examples (optional)").fill(`${doubleRefund}\n---\nexpected: maybe\ntask: t\noutput: o\nwhy: w`);
  await admin.getByRole("button", { name: "Create queue" }).click();
  await expect(admin.getByTestId("examples-errors")).toHaveText(
    'Example 2 (line 10): expected: "maybe" is not a label of this queue; use one of pass, fail.',
  );
  await expect(admin).toHaveURL(/\/label\/new/);
  await admin.getByLabel("Worked examples (optional)").fill(`${doubleRefund}\n---\n${leaking}`);
  await admin.getByRole("button", { name: "Create queue" }).click();
  await expect(admin.getByTestId("queue-created")).toContainText(`Created the queue "${name}" with 2 items and 2 worked examples.`);
  const queueId = /\/label\/([^/?]+)/.exec(admin.url())![1]!;
  await expect(alerts(admin)).toHaveCount(0);

  // A reviewer with nothing of theirs in the examples: both examples, the first with its tool calls.
  const other = await signedInPage(browser, otherReviewer, `/label/${queueId}/item`);
  const panel = await openPanel(other);
  const examples = panel.getByTestId("guideline-example");
  await expect(examples).toHaveCount(2);
  await expect(examples.nth(0).getByTestId("guideline-expected")).toHaveText("fail");
  const calls = examples.nth(0).getByTestId("guideline-tool-call");
  await expect(calls).toHaveCount(2);
  await expect(calls.nth(0)).toHaveText('issue_refund ({"order":7})→ {"refunded":20}');
  await expect(examples.nth(0).getByTestId("guideline-explanation")).toContainText(`DOUBLE-WHY-${tag}`);
  await expect(examples.nth(1).getByTestId("guideline-explanation")).toContainText(`LEAK-WHY-${tag}`);
  await expect(examples.nth(1).getByTestId("guideline-tool-call")).toHaveText('issue_refund ({"order":9})');
  await expect(panel.getByTestId("guideline-hidden")).toHaveCount(0);

  // The reviewer who still has that transcript to label elsewhere: told one example is hidden, given nothing of it.
  const mine = await signedInPage(browser, pendingReviewer, "/label");
  const responses = recordResponses(mine);
  await mine.goto(`/label/${queueId}/item`);
  const myPanel = await openPanel(mine);
  await expect(myPanel.getByTestId("guideline-hidden")).toHaveText("1 example hidden while you have its transcript to label.");
  await expect(myPanel.getByTestId("guideline-example")).toHaveCount(1);
  await expect(myPanel.getByTestId("guideline-explanation")).toContainText(`DOUBLE-WHY-${tag}`);
  const rsc = await mine.request.get(`/label/${queueId}/item`, { headers: { RSC: "1" } });
  expect(rsc.ok()).toBe(true);
  const received = `${await responses.all()}\n${await rsc.text()}\n${await mine.content()}`;
  expect(received).toContain(`DOUBLE-WHY-${tag}`);
  expect(received).not.toContain(`LEAK-WHY-${tag}`);
  expect(received).not.toContain(`LEAK-TASK-${tag}`);
});
