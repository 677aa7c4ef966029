import { expect, test } from "@playwright/test";
import { lastUserText, startMockLlmServer } from "../lib/providers/mock-server";
import { account, signIn, seedJudges } from "./helpers";
import { passFailSpec, runAndCalibrate, specMockLlm } from "./judge-steps";

/**
 * What a team reads on the judge pages must be right at a glance (issue #25): a degenerate calibration named in words,
 * approval tied to the humans behind the gold, drift that counts no flips before the new version judged anything, and
 * the version page's state, gate and main action above the fold. A mock OpenAI-compatible model on 127.0.0.1 answers.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** 15 good (gold pass) and 15 bad (gold fail) test items; each reviewer agrees with the gold label unless `disagree` says so. */
function items(reviewers: string[] = [], disagree: (i: number, reviewer: string) => boolean = () => false) {
  return Array.from({ length: 30 }, (_, i) => {
    const gold = i < 15 ? "pass" : "fail";
    return {
      key: `${gold === "pass" ? "good" : "bad"}-${i}`,
      split: "test",
      output: `${gold === "pass" ? "good" : "bad"} answer ${i}`,
      gold,
      ...(reviewers.length
        ? { labels: reviewers.map((reviewer) => ({ reviewer, value: disagree(i, reviewer) ? (gold === "pass" ? "fail" : "pass") : gold })) }
        : {}),
    };
  });
}

const server = specMockLlm(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const model = String(body.model);
      const text = lastUserText(body);
      if (model.startsWith("always-pass")) return { text: "PASS: looks fine" };
      const good = text.includes("good answer");
      // The "worse" model is fooled by the first four good answers.
      const fooled = model.startsWith("worse") && /good answer [0-3]\b/.test(text);
      return { text: good && !fooled ? "PASS: meets the rubric" : "FAIL: misses the rubric" };
    },
  }),
);

const spec = (model: string) => passFailSpec(model, server.baseUrl);

test("a constant judge's calibration names the degeneracy, with no zero-width interval and no verbosity ρ", async ({ page }) => {
  const tag = unique();
  const seeded = seedJudges({
    labelSets: [{ name: `constant-${tag}`, kind: "binary", items: items() }],
    versions: [{ name: `constant-judge-${tag}`, spec: spec(`always-pass-${tag}`) }],
  });
  const versionId = seeded.versions[`constant-judge-${tag}`]!.id;
  await signIn(page, account("admin"), `/judges/versions/${versionId}`);
  await runAndCalibrate(page, seeded.labelSets[`constant-${tag}`]!.queueId);
  await page.reload();

  const calibration = page.locator("#calibration");
  await expect(calibration.getByTestId("degenerate")).toHaveText(
    "Degenerate calibration: the judge answered PASS on all 30 items: κ is 0 by construction.",
  );
  await expect(calibration.locator('[data-stat="value"]')).toHaveText("0.000");
  await expect(calibration).toContainText("no interval: a constant judge has nothing to measure");
  await expect(calibration).toContainText("not a measure of the judge here (the judge gave one answer)");
  await expect(calibration).not.toContainText("[0.000, 0.000]");
  await expect(calibration).not.toContainText("-0.000");
  await expect(page.locator('[data-check="verbosity"]')).toContainText("Verbosity: not checked");
  await expect(page.locator('[data-check="verbosity"]')).toContainText("so ρ would only measure the humans");
  // The calibration's own page says the same.
  await calibration.getByRole("link", { name: "details" }).click();
  await expect(page.getByTestId("degenerate")).toContainText("the judge answered PASS on all 30 items: κ is 0 by construction");
  await expect(page.locator("body")).not.toContainText("-0.000");
});

test("approval is refused on single-reviewer gold, and above the human ceiling it needs a confirmation that is audited", async ({
  page,
}) => {
  const tag = unique();
  const seeded = seedJudges({
    labelSets: [
      { name: `solo-${tag}`, kind: "binary", items: items([`solo-${tag}@example.com`]) },
      // The two reviewers disagree on 8 of 30 items: their own κ is below the 0.60 bar.
      {
        name: `pair-${tag}`,
        kind: "binary",
        items: items([`ann-${tag}@example.com`, `bo-${tag}@example.com`], (i, r) => r.startsWith("bo-") && (i < 4 || (i >= 15 && i < 19))),
      },
    ],
    versions: [
      { name: `solo-judge-${tag}`, spec: spec(`good-solo-${tag}`) },
      { name: `pair-judge-${tag}`, spec: spec(`good-pair-${tag}`) },
    ],
  });
  const solo = seeded.versions[`solo-judge-${tag}`]!.id;
  await signIn(page, account("admin"), `/judges/versions/${solo}`);
  await runAndCalibrate(page, seeded.labelSets[`solo-${tag}`]!.queueId);
  await page.reload();
  const soloGate = page.getByTestId(`gate-on-solo-${tag}`);
  await expect(soloGate).toHaveAttribute("data-passed", "true");
  await expect(soloGate.getByTestId("human-backing")).toContainText("0 of 30 gold items have that; 30 rest on one reviewer");
  await expect(soloGate.getByTestId("human-ceiling")).toContainText("human ceiling κ undefined (no gold item has two reviewers' labels)");
  await expect(soloGate.getByRole("button", { name: "Approve" })).toBeDisabled();
  // The server refuses it too, whatever a client sends.
  const refused = await page.request.post(`/api/judges/versions/${solo}/approve`, { data: { labelSet: `solo-${tag}` } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toContain("every gold item needs at least two independent human labels or an adjudicated label");

  const pair = seeded.versions[`pair-judge-${tag}`]!.id;
  await page.goto(`/judges/versions/${pair}`);
  await runAndCalibrate(page, seeded.labelSets[`pair-${tag}`]!.queueId);
  await page.reload();
  const pairGate = page.getByTestId(`gate-on-pair-${tag}`);
  await expect(pairGate.getByTestId("human-backing")).toContainText("30 of 30 gold items have that");
  const ceiling = pairGate.getByTestId("human-ceiling").locator("[data-above-ceiling]");
  await expect(ceiling).toHaveAttribute("data-above-ceiling", "true");
  await expect(ceiling).toContainText(/Bar κ ≥ 0\.60 · human ceiling κ 0\.\d{3}: the bar is above the reviewers' own agreement/);
  const api = await page.request.post(`/api/judges/versions/${pair}/approve`, { data: { labelSet: `pair-${tag}` } });
  expect(api.status()).toBe(409);
  expect((await api.json()).error).toContain("needs confirmation: the κ bar 0.60 is above the humans' own agreement");

  await pairGate.getByRole("button", { name: "Approve" }).click();
  const confirm = page.getByTestId("approve-confirm");
  await expect(confirm).toContainText("From now on its verdicts count in CI runs");
  // The tick is required: the form does not submit without it.
  await confirm.getByRole("button", { name: "Confirm approval" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("does not gate");
  await confirm.getByRole("checkbox").check();
  await confirm.getByRole("button", { name: "Confirm approval" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("may gate: its verdicts count");
  await expect(page.getByTestId("judge-timeline").locator('[data-action="judge.approved"]')).toContainText(
    /confirmed with the bar 0\.60 above the human ceiling 0\.\d{3}/,
  );

  // Revoking asks first too.
  await page.getByRole("button", { name: "Revoke approval" }).click();
  await expect(page.getByTestId("revoke-confirm")).toContainText("Its verdicts become shadow at once");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("may gate: its verdicts count");
});

test("drift: before the new version judged anything there are 0 flips; then a net fixed / broken count with McNemar's test", async ({
  page,
}) => {
  const tag = unique();
  const set = `drift0-${tag}`;
  const seeded = seedJudges({
    labelSets: [{ name: set, kind: "binary", items: items([`ann-${tag}@example.com`, `bo-${tag}@example.com`]) }],
    versions: [{ name: `drift0-judge-${tag}`, spec: spec(`good-${tag}`) }],
  });
  const v1 = seeded.versions[`drift0-judge-${tag}`]!.id;
  const queueId = seeded.labelSets[set]!.queueId;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, account("admin"), `/judges/versions/${v1}`);
  await runAndCalibrate(page, queueId);
  await page.reload();

  // The restructured page: state, gate and the main action above the fold at 1440×900.
  for (const id of ["approval-status", "gate-card"]) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y).toBeLessThan(900);
  }
  const run = (await page.getByRole("button", { name: "Run and calibrate" }).boundingBox())!;
  expect(run.y + run.height).toBeLessThanOrEqual(900);
  const approve = (await page.getByTestId(`gate-on-${set}`).getByRole("button", { name: "Approve" }).boundingBox())!;
  expect(approve.y + approve.height).toBeLessThanOrEqual(900);
  await expect(page.getByTestId("version-sections")).toBeVisible();
  await page.screenshot({ path: "docs/images/judge-version.png" });

  await page.getByRole("link", { name: "New model for this judge" }).click();
  await page.getByLabel("New model", { exact: true }).fill(`worse-${tag}`);
  await page.getByLabel("Label set").selectOption(queueId);
  await page.getByRole("button", { name: "Create the new version and compare" }).click();
  await expect(page).toHaveURL(/\/judges\/compare\?base=.*&candidate=.*&queue=/);

  await expect(page.getByTestId("drift-net")).toHaveText("0 fixed · 0 broken · 0 unchanged · 0 flips of 0 compared");
  await expect(page.getByTestId("drift-not-compared")).toContainText("30 of 30 items not compared (never counted as flips)");
  await expect(page.getByTestId("drift-mcnemar")).toContainText("no test, since no item was fixed or broken");
  await expect(page.getByTestId("flipped-items")).toHaveCount(0);
  await expect(page.getByText("No item changed verdict (no item has an answer from both versions yet")).toBeVisible();

  await page.getByRole("button", { name: "Run and calibrate both on the test split" }).click();
  await expect(page.getByTestId("compare-result")).toContainText("Both versions judged and calibrated", { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId("drift-net")).toHaveText("0 fixed · 4 broken · 26 unchanged · 4 flips of 30 compared");
  // 0 of 4 discordant items went the new version's way: p = 2 · (1/2)^4 = 0.125.
  await expect(page.getByTestId("drift-mcnemar")).toContainText("McNemar's exact test, 0 fixed against 4 broken: p = 0.125");
  await expect(page.getByTestId("flipped-items").getByRole("row")).toHaveCount(4);
  await expect(page.getByRole("columnheader", { name: "Matches gold" })).toBeVisible();
  await expect(page.getByTestId("flipped-items").getByText("old version: broken")).toHaveCount(4);
});
