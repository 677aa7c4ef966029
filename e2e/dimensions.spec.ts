import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { formatPercent, formatStat } from "../lib/judges/format";
import { agreementByDimension } from "../lib/labeling/dimension-agreement";
import { EXPORT_COLUMNS } from "../lib/labeling/export";
import type { Dimension } from "../lib/schemas/dimensions";
import { account, hotkeysReady, signedInPage } from "./helpers";

/**
 * Score configs end to end: an admin makes a queue with two dimensions (pass/fail primary, a
 * categorical failure reason) from an import through the forms; two reviewers label it by keyboard
 * only; the agreement page shows both dimensions and the export carries both, with the task prompt,
 * the final output and (when asked) the full transcript.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const REASONS = ["hallucination", "wrong tool", "incomplete"];

/** What each reviewer gives each item (by its number): the primary, then the failure reason's digit or none. */
const PLAN: Record<"a" | "b", Record<number, [verdict: "p" | "f", reasonKey: string | null]>> = {
  a: { 1: ["f", "1"], 2: ["p", null], 3: ["f", "2"] },
  b: { 1: ["f", "1"], 2: ["p", null], 3: ["f", "3"] },
};

async function labelAll(page: Page, tag: string, plan: (typeof PLAN)["a"]) {
  for (let done = 0; done < 3; done++) {
    await hotkeysReady(page);
    const key = (await page.getByTestId("item-key").textContent())!;
    const n = Number(key.replace(`dims-${tag}-`, ""));
    const [verdict, reasonKey] = plan[n]!;
    const reason = page.getByTestId("dimension-failure reason");
    await expect(reason).toHaveAttribute("data-active", "true");
    if (reasonKey) {
      await page.keyboard.press(reasonKey);
      await expect(reason.getByRole("button", { name: REASONS[Number(reasonKey) - 1] })).toHaveAttribute("aria-pressed", "true");
    }
    await page.keyboard.press(verdict);
    if (done < 2) await expect(page.getByTestId("item-key")).not.toHaveText(key);
  }
  await expect(page.getByText("You are done with this queue")).toBeVisible();
}

test("two dimensions: defined on the form, labeled by keyboard by two reviewers, agreement and export for both", async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = unique();
  const name = `dims-${tag}`;
  const admin = await signedInPage(browser, account("admin"), "/label/import");
  const file =
    [1, 2, 3]
      .map((n) =>
        JSON.stringify({
          id: `dims-${tag}-${n}`,
          task_prompt: `Refund order D-${tag}-${n}.`,
          messages: [
            { role: "user", content: `Refund order D-${tag}-${n}.` },
            { role: "assistant", content: `TRANSCRIPT-${tag}-${n}` },
          ],
          final_output: `Refunded D-${tag}-${n}.`,
        }),
      )
      .join("\n") + "\n";
  await admin
    .getByLabel("Transcript file")
    .setInputFiles({ name: `${name}.jsonl`, mimeType: "application/x-ndjson", buffer: Buffer.from(file) });
  await admin.getByRole("button", { name: "Import" }).click();
  await admin.getByRole("link", { name: "Create a label queue from this import" }).click();
  await expect(admin.getByLabel("Import", { exact: true })).toHaveValue(/.+/);
  await admin.getByLabel("Name").fill(name);
  await admin.getByLabel("Rubric").fill("Pass when the order is refunded once; else say why it failed.");
  await admin.getByLabel("Reviewers per item").fill("2");

  // A config that does not parse is named on its field, by line, and nothing is created.
  await admin.getByLabel("More dimensions (optional)").fill("failure reason: one of hallucination\ntone: lots");
  await admin.getByRole("button", { name: "Create queue" }).click();
  const errors = admin.locator("#queue-dimensions-error");
  await expect(errors).toContainText("Line 1 (failure reason): A categorical dimension needs at least 2 values.");
  await expect(errors).toContainText('Line 2 (tone): "lots" is not a type');
  await admin.getByLabel("More dimensions (optional)").fill(`failure reason: one of ${REASONS.join(", ")}`);
  await admin.getByRole("button", { name: "Create queue" }).click();
  await expect(admin.getByTestId("queue-created")).toContainText(`Created the queue "${name}" with 3 items.`);
  await admin.goto("/label");
  const href = await admin.getByRole("row").filter({ hasText: name }).getByRole("link").first().getAttribute("href");
  const queueId = /\/label\/([^/?]+)/.exec(href!)![1]!;

  // Two reviewers, keyboard only. The shortcuts (?) list the dimension's digits.
  const first = await signedInPage(browser, account("reviewer", 0), `/label/${queueId}/item`);
  await hotkeysReady(first);
  await first.keyboard.press("?");
  const help = first.getByTestId("hotkey-help");
  await expect(help).toContainText("Label Pass");
  await expect(help).toContainText("First failure reason: 1 hallucination, 2 wrong tool, 3 incomplete");
  await expect(help).toContainText("Next dimension");
  await first.keyboard.press("?");
  await labelAll(first, tag, PLAN.a);
  // Blind: before labeling, the second reviewer's agreement page leaves out every label on items left to them.
  const second = await signedInPage(browser, account("reviewer", 1), `/label/${queueId}/agreement`);
  await expect(second.getByTestId("blind-labels")).toContainText("3 labels on items you may still label");
  await expect(second.getByTestId("dimension-agreement-failure reason")).toHaveCount(0);
  await second.goto(`/label/${queueId}/item`);
  await labelAll(second, tag, PLAN.b);

  // Agreement for both: the numbers the pure statistics give for the planned labels.
  const dims: Dimension[] = [
    { name: "verdict", type: "binary", primary: true },
    { name: "failure reason", type: "categorical", values: REASONS, multi: false, primary: false },
  ];
  const planned = (["a", "b"] as const).flatMap((who) =>
    Object.entries(PLAN[who]).map(([n, [, reasonKey]]) => ({
      transcriptId: n,
      reviewerId: who,
      dimensions: reasonKey ? { "failure reason": REASONS[Number(reasonKey) - 1] } : null,
    })),
  );
  const [expected] = agreementByDimension(planned, dims);
  await admin.goto(`/label/${queueId}/agreement`);
  await expect(admin.getByText("All reviewers, primary dimension: verdict")).toBeVisible();
  // The primary: every item unanimous (fail, pass, fail), so κ = 1.
  await expect(admin.getByTestId("fleiss-value")).toHaveText(formatStat(1));
  await expect(admin.getByTestId("unanimous-value")).toHaveText(formatPercent(1));
  const card = admin.getByTestId("dimension-agreement-failure reason");
  await expect(card).toContainText("4 labels gave it a value");
  await expect(card.getByTestId("dimension-agreement-failure reason-fleiss-value")).toHaveText(
    formatStat(expected!.result.group.fleissKappa),
  );
  await expect(card.getByTestId("dimension-agreement-failure reason-unanimous-value")).toHaveText(formatPercent(0.5));
  await expect(card.getByTestId("dimension-agreement-failure reason-pairs")).toContainText(formatStat(expected!.result.pairs[0]!.kappa));

  // The export: both dimensions, the task prompt and output; the transcript only when asked.
  const csv = await admin.request.get(`/api/queues/${queueId}/labels?format=csv`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split("\n")[0]).toBe([...EXPORT_COLUMNS, "dim_failure reason"].join(","));
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(6);
  const row = (n: number, email: string) => rows.find((r) => r.external_id === `dims-${tag}-${n}` && r.reviewer_email === email)!;
  const [a, b] = [account("reviewer", 0).email, account("reviewer", 1).email];
  expect([row(1, a).value, row(1, a)["dim_failure reason"], row(3, a)["dim_failure reason"], row(3, b)["dim_failure reason"]]).toEqual([
    "fail",
    "hallucination",
    "wrong tool",
    "incomplete",
  ]);
  expect(row(2, b)).toMatchObject({
    value: "pass",
    "dim_failure reason": "",
    task_prompt: `Refund order D-${tag}-2.`,
    final_output: `Refunded D-${tag}-2.`,
  });
  expect(text).not.toContain(`TRANSCRIPT-${tag}`);
  const jsonl = await admin.request.get(`/api/queues/${queueId}/labels?format=jsonl&transcript=1`);
  const lines = (await jsonl.text())
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines).toHaveLength(6);
  const one = lines.find((l) => l.external_id === `dims-${tag}-3` && l.reviewer_email === b)!;
  expect(one).toMatchObject({ value: "fail", "dim_failure reason": "incomplete" });
  expect(JSON.stringify(one.transcript)).toContain(`TRANSCRIPT-${tag}-3`);
});
