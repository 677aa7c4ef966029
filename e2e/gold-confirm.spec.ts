import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";
import { startPassFailJudge } from "../lib/providers/mock-server";
import { account, signedInPage } from "./helpers";
import { unique } from "./seed";
import { passFailSpec, specMockLlm } from "./judge-steps";

/**
 * A gating judge is tied to its humans (issue #25): one reviewer's edit of a gold label it stands on does not change
 * its state; the page shows the change waiting, and only when an adjudicator confirms it does the gold change and the
 * judge go stale. A mock OpenAI-compatible model on 127.0.0.1 judges.
 */
const server = specMockLlm(() =>
  startPassFailJudge((prompt) => prompt.includes("good answer"), { pass: "meets the rubric", fail: "misses the rubric" }),
);

function seed(scenario: unknown): { labelSets: Record<string, { queueId: string }>; versions: Record<string, { id: string }> } {
  const databaseUrl = process.env.E2E_DATABASE_URL || `file:${path.resolve(E2E_DATA_DIR, "gavel.db")}`;
  const out = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/testing/seed-judges-cli.ts", JSON.stringify(scenario)],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  return JSON.parse(out);
}

test("one reviewer's edit of a gating judge's gold waits for confirmation; an adjudicator confirms and the judge goes stale", async ({
  browser,
}) => {
  // A calibration, an approval and three signed-in pages: minutes on a loaded machine.
  test.setTimeout(240_000);
  const tag = unique();
  const [editor, second] = [account("reviewer", 0), account("reviewer", 1)];
  const set = `held-${tag}`;
  // 15 good and 15 bad test items, both demo reviewers agreeing with the gold on each: consensus gold on two humans.
  const items = Array.from({ length: 30 }, (_, i) => {
    const gold = i < 15 ? "pass" : "fail";
    const key = `${gold === "pass" ? "good" : "bad"}-${tag}-${i}`;
    return {
      key,
      split: "test",
      output: `${gold === "pass" ? "good" : "bad"} answer ${i}`,
      gold,
      labels: [editor, second].map((r) => ({ reviewer: r.email, value: gold })),
    };
  });
  const seeded = seed({
    labelSets: [{ name: set, kind: "binary", items }],
    versions: [
      {
        name: `held-judge-${tag}`,
        spec: passFailSpec(`held-${tag}`, server.baseUrl),
      },
    ],
  });
  const versionId = seeded.versions[`held-judge-${tag}`]!.id;
  const queueId = seeded.labelSets[set]!.queueId;

  const admin = await signedInPage(browser, account("admin"), `/judges/versions/${versionId}`);
  const form = admin.getByRole("form", { name: "Run and calibrate" });
  await form.getByLabel("Label set").selectOption(queueId);
  await form.getByLabel("Split").selectOption("test");
  await form.getByRole("button", { name: "Run and calibrate" }).click();
  await expect(admin.getByTestId("run-result")).toContainText("test: ", { timeout: 60_000 });
  const approved = await admin.request.post(`/api/judges/versions/${versionId}/approve`, { data: { labelSet: set } });
  expect(approved.status()).toBe(201);
  await admin.reload();
  await expect(admin.getByTestId("approval-status").getByTestId("judge-state")).toHaveText("gating");

  // The editor changes their own label on a gold item from My labels.
  const item = `good-${tag}-0`;
  const reviewer = await signedInPage(browser, editor, `/label/mine?queue=${queueId}`);
  await reviewer.getByRole("link", { name: `Change label on ${item}` }).click();
  await reviewer.getByRole("radio", { name: "Fail" }).check();
  await reviewer.getByRole("button", { name: "Save change" }).click();
  await expect(reviewer.getByTestId("label-history")).toContainText("pass → fail");
  // The editor sees the change waiting on the queue page, and may not confirm it themselves.
  await reviewer.goto(`/label/${queueId}`);
  const waiting = reviewer.getByTestId(`pending-gold-${item}`);
  await expect(waiting).toContainText("you proposed it: someone else confirms");
  await expect(waiting.getByRole("button", { name: /Confirm/ })).toHaveCount(0);

  // The judge still gates, and its page says a change waits.
  await admin.reload();
  await expect(admin.getByTestId("approval-status").getByTestId("judge-state")).toHaveText("gating");
  const notice = admin.getByTestId("pending-gold-notice");
  await expect(notice).toContainText(`1 gold change waiting for confirmation on ${set}`);

  // The adjudicator confirms it where they work.
  await notice.getByRole("link", { name: "Review the change" }).click();
  await expect(admin).toHaveURL(new RegExp(`/label/${queueId}/adjudicate`));
  const panel = admin.getByTestId("pending-gold");
  await expect(panel).toContainText("1 gold change waiting for confirmation");
  const row = panel.getByTestId(`pending-gold-${item}`);
  await expect(row).toContainText(`${item}: gold pass → no gold (its labels no longer agree)`);
  await expect(row).toContainText(`${editor.email} changed their label`);
  await row.getByRole("button", { name: `Confirm the gold change on ${item}` }).click();
  // Decided: the change leaves the list (and with it the panel).
  await expect(admin.getByTestId("pending-gold")).toHaveCount(0);

  await admin.goto(`/judges/versions/${versionId}`);
  await expect(admin.getByTestId("approval-status").getByTestId("judge-state")).toHaveText("stale");
  await expect(admin.getByTestId("pending-gold-notice")).toHaveCount(0);
  await expect(admin.getByTestId("judge-timeline").locator('[data-action="judge.stale"]').first()).toContainText("a confirmed gold change");
  await admin.context().close();
  await reviewer.context().close();
});
