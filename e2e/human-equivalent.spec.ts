import { expect, test } from "@playwright/test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";
import { startPassFailJudge } from "../lib/providers/mock-server";
import { account, gavel, keysAnswer, signedInPage, seedJudges } from "./helpers";
import { calibrateAndApprove, passFailSpec, specMockLlm } from "./judge-steps";

/**
 * "What pass rate would our reviewers give this run?", end to end as a team gets there: a judge calibrated and approved
 * in the browser, `gavel run` with it over a 500-task suite (a mock OpenAI-compatible model on 127.0.0.1 is the judge),
 * a label queue made from every trial of the run (its items come in a pseudo-random order, so the first ones labeled are
 * a random sample of the run), a reviewer labeling 20 of them by keyboard, and the run page's human-equivalent card. Its
 * numbers are recomputed here from the formulas (PPI++, Angelopoulos, Duchi & Zrnic 2023), not with Gavel's code.
 */

// The judge passes good answers and fails bad ones, except where the answer carries the marker that fools it.
const server = specMockLlm(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer") !== prompt.includes("fools-it"), {
    pass: "meets the rubric",
    fail: "misses it",
  }),
);

const TASKS = 500;
const LABELED = 20;
/** Task i: good when i % 10 < 7; the judge is fooled on every 25th (4% of the trials). */
const taskKey = (i: number) => `t${String(i).padStart(3, "0")}-${i % 10 < 7 ? "good" : "bad"}${i % 25 === 3 ? "-fools" : ""}`;
const humanSays = (key: string) => (key.includes("-good") ? 1 : 0);
const judgeSays = (key: string) => (key.includes("-good") !== key.includes("-fools") ? 1 : 0);

// --- PPI++ for a mean, written out from the paper (not lib/stats/ppi.ts) ---
const Z = 1.959963984540054;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const popVar = (xs: number[]) => mean(xs.map((x) => (x - mean(xs)) ** 2));
function ppiByHand(labeled: { y: number; f: number }[], unlabeled: number[]) {
  const n = labeled.length;
  const N = unlabeled.length;
  const y = labeled.map((p) => p.y);
  const f = labeled.map((p) => p.f);
  const all = [...f, ...unlabeled];
  const sampleVarAll = (popVar(all) * all.length) / (all.length - 1);
  const cov = mean(labeled.map((p) => (p.y - mean(y)) * (p.f - mean(f))));
  const lambda = Math.min(1, Math.max(0, cov / ((1 + n / N) * sampleVarAll)));
  const estimate = mean(y) + lambda * (mean(unlabeled) - mean(f));
  const rectifier = popVar(labeled.map((p) => p.y - lambda * p.f));
  const se = Math.sqrt(rectifier / n + (lambda ** 2 * popVar(unlabeled)) / N);
  const humansSe = Math.sqrt(popVar(y) / n);
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  const room = (0.05 / Z) ** 2 - (lambda ** 2 * popVar(unlabeled)) / N;
  const nStar = room > 0 ? Math.max(2, Math.ceil(rectifier / room)) : null;
  return {
    estimate: clip(estimate),
    ci: se > 0 ? [clip(estimate - Z * se), clip(estimate + Z * se)] : null,
    halfWidth: Z * se,
    lambda,
    humans: mean(y),
    humansCi: humansSe > 0 ? [clip(mean(y) - Z * humansSe), clip(mean(y) + Z * humansSe)] : null,
    humansHalfWidth: Z * humansSe,
    nStar,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const range = (ci: number[] | null) => (ci ? `${pct(ci[0]!)} – ${pct(ci[1]!)}` : "no interval yet");
const half = (ci: number[] | null) => (ci ? `±${(((ci[1]! - ci[0]!) / 2) * 100).toFixed(1)} points` : "—");

test("a run with a calibrated judge and humans on a random sample of its trials shows the human-equivalent pass rate (PPI++), the humans-only interval and the labels-needed plan", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `ppi-judge-${tag}`;
  const gold = [
    ...Array.from({ length: 20 }, (_, i) => ({ key: `${tag}-g${i}`, split: "test", output: `good answer ${i}`, gold: "pass" })),
    ...Array.from({ length: 20 }, (_, i) => ({ key: `${tag}-b${i}`, split: "test", output: `bad answer ${i}`, gold: "fail" })),
  ];
  const seeded = seedJudges({
    labelSets: [{ name: `ppi-gold-${tag}`, kind: "binary", items: gold }],
    versions: [
      {
        name,
        spec: passFailSpec(`ppi-${tag}`, server.baseUrl, "Output: {{output}}\nAnswer PASS or FAIL, a colon and a reason."),
      },
    ],
  });
  const admin = await signedInPage(browser, account("admin"), "/runs");
  await calibrateAndApprove(admin, seeded.versions[name]!.id, seeded.labelSets[`ppi-gold-${tag}`]!.queueId);

  // The suite and the agent, as a team writes them: 500 tasks graded by the judge; the agent answers well on 70%.
  mkdirSync(path.resolve(E2E_DATA_DIR), { recursive: true });
  const dir = mkdtempSync(path.join(path.resolve(E2E_DATA_DIR), "ppi-suite-"));
  const keys = Array.from({ length: TASKS }, (_, i) => taskKey(i));
  writeFileSync(
    path.join(dir, "agent.mjs"),
    // The tag makes this test's transcripts its own: another run of it on the same database labels other transcripts.
    `export const answer = (input) => \`\${input.taskId.includes('-good') ? 'good' : 'bad'} answer \${input.taskId} of ${tag}\${input.taskId.includes('-fools') ? ' fools-it' : ''}\`;\n`,
  );
  writeFileSync(
    path.join(dir, "suite.yaml"),
    `name: ppi-${tag}\nthreshold: 0\ntasks:\n${keys.map((k) => `  - { id: ${k}, prompt: "Answer case ${k}.", grader: judge, rubric: "A good answer." }`).join("\n")}\n`,
  );
  const run = await gavel(["run", dir, "--agent", `module:${path.join(dir, "agent.mjs")}#answer`, "--judge", `${name}@1`, "--json"]);
  expect(run.code, run.stderr).toBe(0);
  const summary = JSON.parse(run.stdout) as {
    runId: string;
    judge: { state: string };
    humanEquivalent: { n: number; N: number; judgeRate: number; ppi: unknown; undefinedBecause: string };
  };
  expect(summary.judge.state).toBe("gating");
  const judgeRate = mean(keys.map(judgeSays));
  // At the end of the run no human has labeled any of its trials yet: the CLI says so, with the judge's own rate.
  expect(summary.humanEquivalent).toMatchObject({ n: 0, N: TASKS, ppi: null });
  expect(summary.humanEquivalent.judgeRate).toBeCloseTo(judgeRate, 12);
  expect(summary.humanEquivalent.undefinedBecause).toMatch(/^no trial of this run has a human gold label/);

  // Every trial of the run becomes a queue item (a pass sample of 1); the items' order is pseudo-random.
  await admin.goto(`/label/new?run=${summary.runId}`);
  await admin.getByLabel("Name").fill(`ppi-run-${tag}`);
  await admin.getByLabel("Rubric").fill("Pass when the answer is a good one.");
  await admin.getByLabel("Sample of passes (0–1)").fill("1");
  await admin.getByRole("button", { name: "Create queue" }).click();
  await expect(admin.getByTestId("queue-created")).toContainText(`Created the queue "ppi-run-${tag}" with ${TASKS} items`, {
    timeout: 60_000,
  });
  const queueUrl = new URL(admin.url());
  const queueId = queueUrl.pathname.split("/")[2]!;

  // Before any label the card says what is missing.
  const viewer = await signedInPage(browser, account("viewer"), `/runs/${summary.runId}`);
  await expect(viewer.getByTestId("ppi-undefined")).toContainText("no trial of this run has a human gold label");

  // A reviewer labels the first 20 items the queue hands out: a random sample of the run's trials.
  const reviewer = await signedInPage(browser, account("reviewer"), `/label/${queueId}/item`);
  const itemKey = reviewer.getByTestId("item-key").first();
  await keysAnswer(reviewer);
  const labeled: string[] = [];
  for (let i = 0; i < LABELED; i++) {
    await expect(itemKey).toHaveText(/^t\d{3}-/);
    const key = (await itemKey.textContent())!.trim();
    expect(labeled).not.toContain(key);
    labeled.push(key);
    await reviewer.keyboard.press(humanSays(key) ? "p" : "f");
    await expect(itemKey).not.toHaveText(key);
  }

  const expected = ppiByHand(
    labeled.map((k) => ({ y: humanSays(k), f: judgeSays(k) })),
    keys.filter((k) => !labeled.includes(k)).map(judgeSays),
  );
  await viewer.reload();
  const card = viewer.getByTestId("human-equivalent");
  await expect(card.getByTestId("ppi-estimate")).toHaveText(pct(expected.estimate));
  await expect(card.getByTestId("ppi-interval")).toHaveText(`95% ${range(expected.ci)}`);
  await expect(card.getByTestId("ppi-humans-only")).toHaveText(
    `${pct(expected.humans)}, 95% ${range(expected.humansCi)} (${half(expected.humansCi)})`,
  );
  await expect(card.getByTestId("ppi-width")).toHaveText(`${half(expected.ci)}, λ ${expected.lambda.toFixed(2)}`);
  await expect(card.getByTestId("ppi-n")).toHaveText(String(LABELED));
  await expect(card.getByTestId("ppi-N")).toHaveText(String(TASKS));
  await expect(card.getByTestId("ppi-judge-rate")).toHaveText(pct(judgeRate));
  // The plan: how many labeled trials in all would bring the interval to ±5 points, if λ and the spreads hold.
  const plan = card.getByTestId("ppi-plan");
  // A sample whose labels are all alike (about 1 in 1,400 draws) has no interval, so no plan.
  if (!expected.ci) await expect(plan).toHaveCount(0);
  else if (expected.halfWidth <= 0.05) await expect(plan).toHaveText("The interval is already within ±5 points.");
  else if (expected.nStar === null) await expect(plan).toContainText("Labels alone cannot narrow it to ±5 points");
  else if (expected.nStar > TASKS) await expect(plan).toContainText(`About ${expected.nStar} labeled trials`);
  else
    await expect(plan).toHaveText(
      `Label ${expected.nStar - LABELED} more trials, drawn at random from this run, to get the interval to ±5 points (about ${expected.nStar} in all).`,
    );
  // PPI++ is never wider than the humans alone (λ = 0 is among its choices, and for these spreads the tuned λ is never
  // worse), and the card shows both. How much narrower depends on the draw: about half as wide for a typical sample of
  // 20, but as wide when the sample holds fooled trials. A bound on the ratio would fail on some draws (1 in 80 for 0.9).
  expect(expected.halfWidth).toBeLessThanOrEqual(expected.humansHalfWidth + 1e-12);
  // With no fooled trial among the labeled ones the judge agrees with every label, and PPI++ is clearly narrower: at
  // worst (one label of 20 unlike the rest, so λ is small) 0.79 of the humans' width, typically a quarter of it.
  if (!labeled.some((k) => k.includes("-fools")) && expected.humansHalfWidth > 0)
    expect(expected.halfWidth).toBeLessThan(expected.humansHalfWidth * 0.8);
});
