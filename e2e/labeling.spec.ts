import { expect, test, type Page, type Response } from "@playwright/test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { account, hotkeysReady, signIn, signedInPage } from "./helpers";
import { seedQueue, storedLabels, unique } from "./seed";

/**
 * The reviewer's side of labeling, end to end: queues and transcripts are seeded straight into the
 * database (queue creation and imports are tested where they are built); everything a reviewer
 * does happens in the browser, by keyboard where the test says so.
 */

/** Every response body the page receives (documents, RSC payloads, server-action answers), kept for inspection. */
function recordResponses(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    bodies.push(response.text().catch(() => ""));
  });
  return { all: async () => (await Promise.all(bodies)).join("\n\u0000\n"), count: () => bodies.length };
}

test("blind by default: no judge verdict or other reviewer's label reaches the browser before labeling; reveal is recorded", async ({
  browser,
}) => {
  const tag = unique();
  const judgeSecret = (i: number) => `JUDGE-SECRET-${tag}-${i}`;
  const otherSecret = `OTHER-REVIEWER-SECRET-${tag}`;
  const judgeName = `blind-judge-${tag}`;
  const seeded = seedQueue({
    name: `blind-${tag}`,
    reviewersPerItem: 2,
    order: "input",
    items: [0, 1].map((i) => ({
      key: `blind-${tag}-${i}`,
      finalOutput: `The refund for order ${i} was issued.`,
      verdicts: [{ judge: judgeName, value: "fail", reason: judgeSecret(i) }],
      labels: [{ reviewer: `other-${tag}@example.com`, value: "fail", reason: otherSecret }],
    })),
  });
  const reviewer = account("reviewer", 0);
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses = recordResponses(page);
  await signIn(page, reviewer, `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(`blind-${tag}-0`);
  await expect(page.getByTestId("final-output")).toContainText("The refund for order 0 was issued.");

  const secrets = [judgeSecret(0), judgeSecret(1), otherSecret, judgeName];
  const html = await page.content();
  let seen = await responses.all();
  expect(responses.count()).toBeGreaterThan(3);
  for (const secret of secrets) {
    expect(html, secret).not.toContain(secret);
    expect(seen, secret).not.toContain(secret);
  }
  // Nothing to reveal yet: the reviewer has no label in this queue.
  await expect(page.getByRole("button", { name: "Reveal judge verdict" })).toHaveCount(0);

  await page.getByRole("button", { name: /^Pass/ }).click();
  await expect(page.getByTestId("item-key")).toHaveText(`blind-${tag}-1`);
  seen = await responses.all();
  for (const secret of secrets) expect(seen, secret).not.toContain(secret);

  // Reveal on the item just labeled: its verdict only, never the other item's, never the other reviewer's label.
  await expect(page.getByTestId("last-label")).toContainText(`blind-${tag}-0`);
  await page.getByRole("button", { name: "Reveal judge verdict" }).click();
  const verdicts = page.getByTestId("judge-verdicts");
  await expect(verdicts).toContainText(judgeSecret(0));
  await expect(verdicts).toContainText(`${judgeName} v1`);
  seen = await responses.all();
  expect(seen).not.toContain(judgeSecret(1));
  expect(seen).not.toContain(otherSecret);
  expect(await page.content()).not.toContain(judgeSecret(1));

  const after = storedLabels(seeded.queueId);
  const mine = after.labels.filter((l) => l.reviewer === reviewer.email);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ transcriptId: seeded.transcriptIds[`blind-${tag}-0`], value: "pass", judgeSeen: true });
  expect(mine[0]!.judgeRevealedAt).not.toBeNull();
  expect(mine[0]!.timeSpentMs).toEqual(expect.any(Number));
  // The two reviewers disagree: no gold for adjudication to overrule.
  expect(after.gold).toEqual([]);

  // A label whose judge was revealed is not undone (relabeling would no longer be blind).
  await page.keyboard.press("u");
  await expect(page.getByTestId("label-error")).toContainText("seen the judge's verdict");
  await page.reload();
  await expect(page.getByTestId("last-label")).toContainText("(judge revealed)");
  await context.close();
});

test("untrusted transcript content renders as inert text: no script, no dialog, no request off the app", async ({ browser, baseURL }) => {
  const tag = unique();
  const huge = `HUGE-LINE-${"x".repeat(300_000)}-END`;
  const payloads = {
    script: `<script>window.__pwned = "script"</script>`,
    img: `<img src=x onerror="window.__pwned='img'">`,
    link: `<a href="javascript:window.__pwned='link'">click me</a>`,
    markdown: `[click](javascript:window.__pwned='md') ![x](http://127.0.0.1:9/leak)`,
    entities: `&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &#60;img src=x onerror=alert(2)&#62;`,
    iframe: `<iframe src="http://127.0.0.1:9/frame"></iframe><svg onload="window.__pwned='svg'"></svg>`,
    style: `<style>body{background:url(http://127.0.0.1:9/css)}</style>`,
  };
  const seeded = seedQueue({
    name: `xss-${tag}`,
    order: "input",
    items: [
      {
        key: `xss-${tag}`,
        taskPrompt: `Summarise ${payloads.script} ![img](http://127.0.0.1:9/task.png)`,
        finalOutput: payloads.iframe,
        content: {
          messages: [
            { role: "user", content: payloads.script },
            {
              role: "assistant",
              content: payloads.img,
              toolCalls: [{ name: `<b>lookup</b>`, arguments: { href: "javascript:window.__pwned='arg'" }, result: payloads.markdown }],
            },
            { role: "assistant", content: `${payloads.entities}\n${payloads.link}` },
            { role: "assistant", content: huge },
          ],
          finalState: { html: payloads.style },
        },
      },
    ],
  });
  const pairwise = seedQueue({
    name: `xss-pairwise-${tag}`,
    kind: "pairwise",
    items: [{ key: `pw-${tag}`, content: { messages: [], outputs: { a: `A: ${payloads.script}`, b: `B: ${payloads.img}` } } }],
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  const requests: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("request", (request) => requests.push(request.url()));
  await signIn(page, account("reviewer", 1), `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(`xss-${tag}`);

  const transcript = page.getByTestId("transcript");
  await expect(transcript.getByText(payloads.script, { exact: true })).toBeVisible();
  await expect(transcript.getByText(payloads.img, { exact: true })).toBeVisible();
  await expect(transcript.getByText(payloads.markdown, { exact: true })).toBeVisible();
  await expect(transcript.getByText(payloads.iframe, { exact: true })).toBeVisible();
  await expect(transcript.getByText("<b>lookup</b>")).toBeVisible();
  await expect(transcript).toContainText(payloads.entities);
  // Long content starts collapsed; expanding shows it in steps, still as text.
  await expect(transcript).not.toContainText("-END");
  for (let i = 0; i < 6; i++) {
    const more = transcript.getByRole("button", { name: /Show all of|more characters/ }).first();
    if ((await more.count()) === 0) break;
    await more.click();
  }
  await expect(transcript).toContainText("HUGE-LINE-xxxx");
  await expect(transcript.getByText(payloads.style, { exact: false })).toBeVisible();

  expect(await transcript.locator("script, img, iframe, svg, a, style").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await page.screenshot({ path: test.info().outputPath("xss-item.png"), fullPage: false });

  // Pairwise: the two outputs side by side, chosen with A / B.
  await page.goto(`/label/${pairwise.queueId}/item`);
  await expect(page.getByTestId("output-a")).toContainText(`A: ${payloads.script}`);
  await expect(page.getByTestId("output-b")).toContainText(`B: ${payloads.img}`);
  await hotkeysReady(page);
  await page.keyboard.press("b");
  await expect(page.getByText("You are done with this queue")).toBeVisible();
  expect(storedLabels(pairwise.queueId).labels).toEqual([expect.objectContaining({ value: "B", reviewer: account("reviewer", 1).email })]);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const origin = new URL(baseURL!).origin;
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  await context.close();
});

test("one reviewer labels ten items by keyboard only (P/F/S/U); a second is served only the items still needing a label", async ({
  browser,
}) => {
  // Fourteen labels by two reviewers and two full-page screenshots: past a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const tag = unique();
  const key = (i: number) => `kb-${tag}-${String(i).padStart(2, "0")}`;
  const name = `keyboard-${tag}`;
  const seeded = seedQueue({ name, order: "input", reviewersPerItem: 1, items: Array.from({ length: 14 }, (_, i) => ({ key: key(i) })) });
  const first = account("reviewer", 0);
  const page = await signedInPage(browser, first, "/label");

  const row = page.getByTestId(`queue-row-${name}`);
  await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await row.getByRole("link", { name: "Start labeling" }).click();

  const itemKey = page.getByTestId("item-key");
  const press = async (shown: number, keyName: string) => {
    await expect(itemKey).toHaveText(key(shown));
    await page.keyboard.press(keyName);
  };

  await expect(itemKey).toHaveText(key(0));
  await hotkeysReady(page);
  await page.keyboard.press("?");
  await expect(page.getByTestId("hotkey-help")).toContainText("Skip this item");
  await page.keyboard.press("?");
  await expect(page.getByTestId("hotkey-help")).toHaveCount(0);

  await press(0, "p");
  await press(1, "f");
  await press(2, "s");
  await press(3, "p");
  await press(4, "u"); // takes back kb-03's pass and shows it again
  await expect(page).toHaveURL(/\?item=/);
  await press(3, "f");
  await press(4, "p");
  // Typing in the reason is text, not commands; the reason goes with the label.
  await expect(itemKey).toHaveText(key(5));
  await page.keyboard.press("Tab");
  await page.getByLabel("Reason (optional)").focus();
  await page.keyboard.type("pfsu: looks fine");
  await expect(page.getByLabel("Reason (optional)")).toHaveValue("pfsu: looks fine");
  await expect(itemKey).toHaveText(key(5));
  await page.keyboard.press("Tab"); // leaves the field
  await page.keyboard.press("p");
  await press(6, "f");
  await press(7, "p");
  await press(8, "p");
  await press(9, "f");
  await press(10, "p");
  await expect(itemKey).toHaveText(key(11));
  await expect(page.getByTestId("my-label-count")).toHaveText("10");

  const afterFirst = storedLabels(seeded.queueId);
  const byKey = Object.fromEntries(Object.entries(seeded.transcriptIds).map(([k, id]) => [id, k]));
  const values = Object.fromEntries(afterFirst.labels.map((l) => [byKey[l.transcriptId], l.value]));
  expect(values).toEqual({
    [key(0)]: "pass",
    [key(1)]: "fail",
    [key(3)]: "fail",
    [key(4)]: "pass",
    [key(5)]: "pass",
    [key(6)]: "fail",
    [key(7)]: "pass",
    [key(8)]: "pass",
    [key(9)]: "fail",
    [key(10)]: "pass",
  });
  expect(afterFirst.labels.find((l) => byKey[l.transcriptId] === key(5))?.reason).toBe("pfsu: looks fine");
  expect(afterFirst.labels.every((l) => typeof l.timeSpentMs === "number" && l.timeSpentMs >= 0 && !l.judgeSeen)).toBe(true);
  expect(afterFirst.skips).toEqual([{ transcriptId: seeded.transcriptIds[key(2)], reviewer: first.email }]);
  // One reviewer per item: every label is its item's gold.
  expect(afterFirst.gold).toHaveLength(10);

  // The second reviewer gets the skipped item and the untouched ones, never a labeled one, and not
  // kb-11, which the first reviewer holds on screen.
  const second = await signedInPage(browser, account("reviewer", 1), `/label/${seeded.queueId}/item`);
  const served: string[] = [];
  const secondKey = second.getByTestId("item-key");
  await hotkeysReady(second);
  for (let i = 0; i < 14; i++) {
    const waiting = second.getByText("Others are labeling the rest");
    await expect(secondKey.or(waiting)).toBeVisible();
    if (await waiting.isVisible()) break;
    const shown = (await secondKey.textContent())!;
    served.push(shown);
    await second.keyboard.press("p");
    await expect(secondKey.filter({ hasText: shown })).toHaveCount(0);
  }
  expect(served).toEqual([key(2), key(12), key(13)]);

  await second.goto(`/label/${seeded.queueId}`);
  const progress = second.getByTestId("reviewer-progress");
  const firstRow = progress.getByRole("row").filter({ hasText: first.email });
  await expect(firstRow.getByRole("cell").nth(1)).toHaveText("10");
  await expect(firstRow.getByRole("cell").nth(2)).toHaveText("1");
  await expect(second.getByRole("progressbar", { name: "Items done" })).toHaveAttribute("aria-valuenow", "13");
  await page.screenshot({ path: test.info().outputPath("keyboard-item.png"), fullPage: true });
  await second.screenshot({ path: test.info().outputPath("queue-overview.png"), fullPage: true });
});

test("a 5 MB transcript opens collapsed: a few messages and previews in the page, the rest on request", async ({ browser }) => {
  // Sixteen steps of 100 messages each, rendered in a browser sharing a loaded 2-core machine: past a minute there.
  test.setTimeout(180_000);
  const tag = unique();
  const bigResult = `RESULT-START ${"r".repeat(1_000_000)} RESULT-END`;
  const messages = Array.from({ length: 1_600 }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    content: `message ${i} ${"m".repeat(2_500)}`,
  }));
  messages.push({
    role: "assistant",
    content: "LAST-MESSAGE",
    toolCalls: [{ name: "export", arguments: { rows: 1 }, result: bigResult }],
  } as never);
  const seeded = seedQueue({ name: `big-${tag}`, items: [{ key: `big-${tag}`, content: { messages } }] });
  const page = await signedInPage(browser, account("reviewer", 0), `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(`big-${tag}`);
  await expect(page.getByText(/^Conversation \(1,601 messages/)).toBeVisible();
  // Folded in the middle: the first three and the last three messages (the end is what the agent did).
  await expect(page.getByTestId("message")).toHaveCount(6);
  await expect(page.getByText("LAST-MESSAGE")).toBeVisible();
  // The page holds previews, not the 5 MB: every long message is cut to its first characters.
  const rendered = await page.getByTestId("transcript").evaluate((el) => el.textContent?.length ?? 0);
  expect(rendered).toBeLessThan(60_000);
  for (let i = 0; i < 16; i++) await page.getByTestId("conversation-fold").click();
  await expect(page.getByTestId("conversation-fold")).toHaveCount(0);
  await expect(page.getByTestId("message")).toHaveCount(1_601);
  await expect(page.getByTestId("transcript")).not.toContainText("RESULT-END");
  await page.getByRole("button", { name: "Show all of result of export" }).click();
  await expect(page.getByTestId("transcript")).toContainText("RESULT-START rrr");
  await expect(page.getByTestId("transcript")).not.toContainText("RESULT-END");
  await hotkeysReady(page);
  await page.keyboard.press("p");
  await expect(page.getByText("You are done with this queue")).toBeVisible();
});

test("at 1440×900 the item comes first: the rubric one line, the final output and state on screen without scrolling, help centred, no Score on a binary queue", async ({
  browser,
}, testInfo) => {
  const tag = unique();
  const rubric = [
    `RUBRIC-${tag}: pass only when the refund is issued once, to the original payment method, within policy.`,
    "Fail when the agent refunds twice, refunds the wrong order, or promises a refund it did not issue.",
    "Fail when it leaks another customer's data. Ignore tone unless it is rude.",
    "Partial refunds pass only when the customer asked for one.",
    "When unsure, flag the item and say why in a comment.",
  ].join("\n");
  // A support conversation of 24 messages with a tool call in every assistant turn, as a run makes them.
  const messages = Array.from({ length: 24 }, (_, i) =>
    i % 2
      ? {
          role: "assistant",
          content: `Step ${i}: checking the order before refunding.\nThe policy allows a refund within 30 days.`,
          toolCalls: [
            { name: i === 23 ? "issue_refund" : "lookup_order", arguments: { order: `R-${tag}` }, result: { status: "ok", step: i } },
          ],
        }
      : { role: "user", content: `Message ${i} from the customer:\nI still have not seen my refund for order R-${tag}.` },
  );
  const seeded = seedQueue({
    name: `screen-${tag}`,
    rubric,
    order: "input",
    dimensions: [{ name: "failure reason", type: "categorical", values: ["double refund", "wrong order"], multi: false }],
    items: [0, 1].map((i) => ({
      key: `screen-${tag}-${i}`,
      taskPrompt: `Customer ${i} asks for a refund of order R-${tag}.\nThey paid by card on 2 December.\nRefund it if the policy allows.`,
      finalOutput: `FINAL-OUTPUT-${tag}-${i}: I refunded order R-${tag} to your card; it arrives in 3–5 days.`,
      content: { messages, finalState: { orders: { [`R-${tag}`]: { refunded: true, refunds: 1 } }, emails_sent: 1 } },
    })),
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account("reviewer", 0), `/label/${seeded.queueId}/item`);
  await expect(page.getByTestId("item-key")).toHaveText(`screen-${tag}-0`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The rubric is one line; the outcome is fully on screen without a scroll.
  const rubricLine = page.getByTestId("rubric");
  await expect(rubricLine).toContainText(`RUBRIC-${tag}`);
  expect((await rubricLine.boundingBox())!.height).toBeLessThan(30);
  await expect(page.getByTestId("final-output")).toContainText(`FINAL-OUTPUT-${tag}-0`);
  await expect(page.getByTestId("final-output")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("final-state")).toContainText('"refunds": 1');
  await expect(page.getByTestId("final-state")).toBeInViewport({ ratio: 1 });
  // The long conversation is folded in the middle; its last tool call is shown.
  await expect(page.getByTestId("conversation-fold")).toContainText("18 messages in the middle folded");
  await expect(page.getByTestId("tool-call").filter({ hasText: "issue_refund" })).toHaveCount(1);
  // A binary queue asks for pass/fail (and here a failure reason), not an unexplained score.
  await expect(page.getByText("Score (optional)")).toHaveCount(0);
  await expect(page.getByTestId("decision-panel").getByRole("button", { name: /^Pass/ })).toBeInViewport();
  const shot = await page.screenshot();
  await testInfo.attach("labeling-1440x900", { body: shot, contentType: "image/png" });
  if (process.env.GAVEL_DOCS_SCREENSHOTS === "1") writeFileSync(path.join("docs", "images", "labeling.png"), shot);

  // ? opens the shortcuts as an overlay centred on the window; Esc closes it.
  await hotkeysReady(page);
  await page.keyboard.press("?");
  const help = page.getByTestId("hotkey-help");
  await expect(help).toBeInViewport({ ratio: 1 });
  const box = (await help.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 720)).toBeLessThan(20);
  expect(Math.abs(box.y + box.height / 2 - 450)).toBeLessThan(20);
  await expect(help).toContainText("Show or hide the guidelines");
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);

  // G expands the rubric in place, above the task; G again folds it back to one line.
  await page.keyboard.press("g");
  const full = page.getByTestId("guideline-rubric");
  await expect(full).toHaveText(rubric);
  expect((await full.boundingBox())!.y).toBeLessThan((await page.getByTestId("task-prompt").boundingBox())!.y);
  await page.keyboard.press("g");
  await expect(full).toHaveCount(0);
  await expect(rubricLine).toBeVisible();

  // The fold opens on request: every message is then on the page.
  await page.getByTestId("conversation-fold").click();
  await expect(page.getByTestId("message")).toHaveCount(24);
  await page.keyboard.press("1");
  await page.keyboard.press("f");
  await expect(page.getByTestId("item-key")).toHaveText(`screen-${tag}-1`);
  await expect(page.getByTestId("last-label-dimensions")).toHaveText("failure reasondouble refund");
  await context.close();
});
