import { expect, test } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REFERENCE_AGENT, REGRESSED_AGENT, REGRESSED_FAILING_TASKS, refundRunArgs } from "../lib/cli/commands/refund-run-fixtures";
import { gavel as runGavel } from "../lib/testing/cli";
import { E2E_DATA_DIR } from "../playwright.config";
import { account, signIn } from "./helpers";

/**
 * The design's own CI test: a pull request that degrades refund accuracy is blocked automatically,
 * with a link to the failing trace. A reference run on the default branch is the baseline; a
 * regressed run sent with --server and a personal API token exits 1, names the newly failing tasks
 * and prints their trial URLs; opening one shows the failing tool call and its argument.
 */

test.describe.configure({ mode: "serial" });

const out = mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-ci-"));
let token = "";

test("a reviewer creates a personal API token: shown once, then only its prefix", async ({ page }) => {
  await signIn(page, account("reviewer"), "/users/tokens");
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  await page.getByLabel("Name").fill("e2e CI");
  await expect(page.getByRole("checkbox", { name: /runs:write/ })).toBeChecked();
  // A reviewer cannot hold transcripts:import: it is not offered.
  await expect(page.getByRole("checkbox", { name: /transcripts:import/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Create token" }).click();
  token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^gvl_[A-Za-z0-9_-]{43}$/);
  await page.reload();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  const row = page.getByTestId("token-row-e2e CI");
  await expect(row).toContainText(`${token.slice(0, 10)}…`);
  await expect(row.getByTestId("token-last-used")).toHaveText("never");
  expect(await page.content()).not.toContain(token);
});

test("the API refuses a missing or wrong token with 401 and writes nothing", async ({ request }) => {
  const body = { id: "e2e-refused-run" };
  expect((await request.post("/api/runs", { data: body })).status()).toBe(401);
  expect((await request.post("/api/runs", { data: body, headers: { authorization: `Bearer gvl_${"q".repeat(43)}` } })).status()).toBe(401);
  expect(
    (
      await request.post("/api/transcripts/import?format=jsonl", {
        data: '{"task_prompt":"x"}',
        headers: { authorization: `Bearer ${token}` },
      })
    ).status(),
  ).toBe(403);
  const lookup = await request.get("/api/runs/e2e-refused-run", { headers: { authorization: `Bearer ${token}` } });
  expect(lookup.status()).toBe(404);
});

test("the regressed run sent with --server exits 1, names the newly failing tasks and links their failing trials", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const env = { GAVEL_SERVER: baseURL!, GAVEL_TOKEN: token };
  const run = (args: string[]) => gavelWith(args, env);
  const reference = await run(refundRunArgs(REFERENCE_AGENT, { label: "e2e-refund-bot", branch: "main", out }));
  expect(reference.code, reference.stderr).toBe(0);
  const regressed = await run(refundRunArgs(REGRESSED_AGENT, { label: "e2e-refund-bot", branch: "retry-pending", out }));
  expect(regressed.code, regressed.stderr).toBe(1);
  expect(regressed.stdout).toMatch(/Against baseline run \S+: 10 newly failing, 0 newly passing, 0 newly flaky/);
  const newly = [...regressed.stdout.matchAll(/^ {2}newly failing {2}(\S+) {2}(\S+)$/gm)];
  expect(newly.map((m) => m[1]).sort()).toEqual([...REGRESSED_FAILING_TASKS].sort());
  const url = newly.find((m) => m[1] === "refund-full-bank")![2]!;
  expect(url.startsWith(`${baseURL}/runs/`)).toBe(true);
  expect(regressed.stdout + regressed.stderr).not.toContain(token);

  // Opening the printed URL shows the failing tool call and its argument.
  await signIn(page, account("reviewer"), url.slice(baseURL!.length));
  const step = page.locator(`#${url.split("#")[1]}`);
  await expect(step).toBeVisible();
  await expect(step).toBeInViewport();
  await expect(step).toHaveAttribute("data-testid", "failing-step");
  await expect(step).toContainText("issue_refund");
  await expect(step).toContainText('"order_id": "A1002"');
  await expect(step).toContainText("failed here");
  await expect(page.getByTestId("gate-trend:pass_rate")).toContainText("fail");
});

test("the token's last use shows; once revoked it is refused", async ({ page, baseURL }) => {
  await signIn(page, account("reviewer"), "/users/tokens");
  const row = page.getByTestId("token-row-e2e CI");
  await expect(row.getByTestId("token-last-used")).not.toHaveText("never");
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke e2e CI" }).click();
  await expect(row).toContainText("revoked");
  const refused = await gavelWith(
    ["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", out, "--quiet"],
    { GAVEL_SERVER: baseURL!, GAVEL_TOKEN: token },
  );
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("was revoked");
});

/** `gavel` as a CI job runs it: against the server, with the e2e database as its (unused) local one. */
function gavelWith(args: string[], env: Record<string, string>) {
  return runGavel(args, { GAVEL_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "", ...env });
}
