import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPassFailJudge } from "../lib/providers/mock-server";
import { account, gavel, keysAnswer, signedInPage, seedJudges } from "./helpers";
import { passFailSpec, runAndCalibrate, specMockLlm } from "./judge-steps";

/**
 * "Label more for this judge", end to end: a judge whose gate cannot be decided (too few "fail" gold items, and an
 * interval too wide), a stratified draw from the label set's unlabeled transcripts, a reviewer labeling the draw by
 * keyboard, and the page showing the weighted (Horvitz–Thompson) estimate with less left to decide. A mock
 * OpenAI-compatible server on 127.0.0.1 is the model.
 */

// The model passes good answers and fails bad ones, except where the output carries the marker that fools it.
const server = specMockLlm(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer") !== prompt.includes("fools-it"), {
    pass: "meets the rubric",
    fail: "misses the rubric",
  }),
);

/** "label about 93 more items, …" → 93; a decided plan → 0. */
async function moreToLabel(page: Page, set: string): Promise<number> {
  // The plan's own count (what Label more would draw), not a number read out of its sentence.
  const more = await page
    .locator(`[data-testid="plan-row"][data-queue="${set}"] [data-testid="plan-sentence"]`)
    .getAttribute("data-wanted");
  return more ? Number(more) : 0;
}

test("from a judge page that cannot decide, Label more draws a stratified sample; once labeled, the weighted estimate needs fewer labels", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const set = `more-${tag}`;
  const source = `more-src-${tag}`;
  const labeled = (reviewer: string, value: string) => [{ reviewer, value }];
  const seeded = seedJudges({
    labelSets: [
      {
        name: set,
        kind: "binary",
        source,
        reviewersPerItem: 1,
        // 14 good (one fools the judge) and 2 bad, already labeled: too few "fail" items for the gate.
        items: [
          ...Array.from({ length: 14 }, (_, i) => ({
            key: `${tag}-gold-good-${i}`,
            split: "test",
            output: `good answer ${i}${i === 0 ? " fools-it" : ""}`,
            gold: "pass",
            labels: labeled(`seed-${tag}@example.com`, "pass"),
          })),
          ...Array.from({ length: 2 }, (_, i) => ({
            key: `${tag}-gold-bad-${i}`,
            split: "test",
            output: `bad answer ${i}`,
            gold: "fail",
            labels: labeled(`seed-${tag}@example.com`, "fail"),
          })),
        ],
      },
      {
        // The same source's transcripts nobody has labeled yet (another queue holds them).
        name: `pool-${tag}`,
        kind: "binary",
        source,
        items: [
          ...Array.from({ length: 30 }, (_, i) => ({
            key: `${tag}-pool-good-${i}`,
            split: "dev",
            output: `good answer pool ${i}`,
            gold: null,
          })),
          ...Array.from({ length: 12 }, (_, i) => ({
            key: `${tag}-pool-bad-${i}`,
            split: "dev",
            output: `bad answer pool ${i}`,
            gold: null,
          })),
        ],
      },
    ],
    versions: [
      {
        name: `more-judge-${tag}`,
        spec: passFailSpec(`more-${tag}`, server.baseUrl, "Output: {{output}}\nAnswer PASS or FAIL, a colon and a reason."),
      },
    ],
  });
  const queueId = seeded.labelSets[set]!.queueId;
  const versionUrl = `/judges/versions/${seeded.versions[`more-judge-${tag}`]!.id}`;

  const admin = await signedInPage(browser, account("admin"), versionUrl);
  await runAndCalibrate(admin, queueId);
  await admin.reload();
  const row = admin.locator(`[data-testid="plan-row"][data-queue="${set}"]`);
  await expect(row).toHaveAttribute("data-state", /^(label|counts-short|too-close)$/);
  await expect(row.getByTestId("plan-sentence")).toContainText('more "fail"');
  const before = await moreToLabel(admin, set);
  expect(before).toBeGreaterThan(0);

  await row.getByLabel("Items to draw").fill("20");
  await row.getByRole("button", { name: "Label more for this judge" }).click();
  await expect(row.getByTestId("label-more-result")).toContainText("Added 20 items to the test split, stratified by the judge's verdict", {
    timeout: 60_000,
  });
  await expect(row.getByTestId("label-more-result")).toContainText('where the judge said "fail"');

  // A reviewer labels the draw by keyboard: the item's key says whether its output is good.
  const reviewer = await signedInPage(browser, account("reviewer"), `/label/${queueId}/item`);
  const itemKey = reviewer.getByTestId("item-key");
  await keysAnswer(reviewer);
  for (let i = 0; i < 20; i++) {
    await expect(itemKey).toContainText(`${tag}-pool-`);
    const key = (await itemKey.textContent())!;
    await reviewer.keyboard.press(key.includes("-good-") ? "p" : "f");
    // The last label's key stays on the page (in "Your last label"), so the last step waits for "done" instead.
    if (i < 19) await expect(itemKey.first()).not.toHaveText(key);
  }
  await expect(reviewer.getByText("You are done with this queue")).toBeVisible();

  await admin.goto(versionUrl);
  await runAndCalibrate(admin, queueId);
  await admin.reload();
  await expect(row.getByText("weighted estimate (Horvitz–Thompson)")).toBeVisible();
  await expect(admin.getByTestId("estimator")).toContainText("Horvitz–Thompson");
  await expect(admin.getByTestId("estimator").locator('[data-stat="weighted-kappa"]')).toHaveText(/^\d\.\d{3} \[/);
  const after = await moreToLabel(admin, set);
  expect(after).toBeLessThan(before);
  // Every class count is met after the draw: the plan no longer asks for more of a class.
  await expect(row.getByTestId("plan-sentence")).not.toContainText('more "');
  // The calibrations table names how each stored interval was made: Wald before the draw, the bootstrap of the weighted κ after.
  const history = admin.getByTestId("calibration-history");
  await expect(history.locator('[data-interval-method="bootstrap"]').first()).toContainText("bootstrap");
  await expect(history.locator('[data-interval-method="Wald"]').first()).toContainText("Wald");

  // The weighted calibration's export gives back the gate's κ: the pairs CSV carries π and stratum, the command reads them.
  const storedKappa = (await history.getByRole("row").first().getByRole("cell").nth(4).innerText()).trim();
  await history.getByRole("row").first().getByRole("link").click();
  const command = admin.getByTestId("agreement-command");
  await expect(command).toContainText("--inclusion inclusion_probability --stratum stratum");
  await expect(admin.getByTestId("export-estimator")).toContainText("Horvitz–Thompson weighted numbers the gate reads");
  const csv = await (await admin.request.get((await admin.getByTestId("download-pairs").getAttribute("href"))!)).text();
  expect(csv.split("\n")[0]).toBe("transcript_id,judge,human,inclusion_probability,stratum");
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-pairs-"));
  const file = path.join(dir, "pairs.csv");
  writeFileSync(file, csv);
  const args = (await command.innerText()).trim().split(" ").slice(3);
  const recomputed = await gavel(["agreement", file, ...args, "--json"]);
  expect(recomputed.code, recomputed.stderr).toBe(0);
  const json = JSON.parse(recomputed.stdout) as { estimator: string; value: number };
  expect(json.estimator).toBe("horvitz-thompson");
  expect(json.value.toFixed(3)).toBe(storedKappa);
});

test("the Agreement page and the judge page show the same human ceiling on the same labels (three items with three labels, one with two)", async ({
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const set = `ceiling-${tag}`;
  const r = (n: number) => `ceiling-${n}-${tag}@example.com`;
  const labels = (...values: string[]) => values.map((value, i) => ({ reviewer: r(i + 1), value }));
  const seeded = seedJudges({
    labelSets: [
      {
        name: set,
        kind: "binary",
        source: `ceiling-src-${tag}`,
        reviewersPerItem: 3,
        items: [
          { key: `${tag}-t1`, split: "test", output: "good answer 1", gold: "pass", labels: labels("pass", "pass", "pass") },
          { key: `${tag}-t2`, split: "test", output: "bad answer 2", gold: "fail", labels: labels("fail", "fail", "fail") },
          { key: `${tag}-t3`, split: "test", output: "good answer 3", gold: "pass", labels: labels("pass", "pass", "fail") },
          { key: `${tag}-t4`, split: "test", output: "good answer 4", gold: "pass", labels: labels("pass", "fail") },
        ],
      },
    ],
    versions: [
      {
        name: `ceiling-judge-${tag}`,
        spec: passFailSpec(`ceiling-${tag}`, server.baseUrl, "Output: {{output}}\nAnswer PASS or FAIL, a colon and a reason."),
      },
    ],
  });
  const queueId = seeded.labelSets[set]!.queueId;
  // Fleiss' κ in Gwet's form, by hand: p_a = 7/12, p_e = 145/288, κ = 23/143 = 0.161.
  const expected = (23 / 143).toFixed(3);

  const admin = await signedInPage(browser, account("admin"), `/label/${queueId}/agreement`);
  await expect(admin.getByTestId("fleiss-value")).toHaveText(expected);

  await admin.goto(`/judges/versions/${seeded.versions[`ceiling-judge-${tag}`]!.id}`);
  await runAndCalibrate(admin, queueId);
  await admin.reload();
  await expect(admin.locator('[data-stat="human"]').first()).toHaveText(expected);
});
