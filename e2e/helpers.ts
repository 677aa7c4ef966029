import { expect, type Browser, type Page } from "@playwright/test";
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";
import { gavel as runGavel, type CliRun } from "../lib/testing/cli";

/** The page's own alerts (Next's route announcer also has role=alert, always empty). */
export function alerts(page: Page) {
  return page.locator('[role="alert"]:not(#__next-route-announcer__)');
}

export type DemoRole = "admin" | "reviewer" | "viewer";

interface Credential {
  role: DemoRole;
  email: string;
  password: string;
}

/** The demo accounts the app created on first start, read back from the file it wrote. */
export function demoAccounts(): Credential[] {
  const text = readFileSync(path.join(E2E_DATA_DIR, "demo-credentials.txt"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [role, email, password] = line.trim().split(/\s+/);
      return { role: role as DemoRole, email: email!, password: password! };
    });
}

export function account(role: DemoRole, index = 0): Credential {
  const found = demoAccounts().filter((a) => a.role === role)[index];
  if (!found) throw new Error(`no demo ${role} #${index}`);
  return found;
}

export async function signIn(page: Page, who: Credential, callbackUrl = "/runs") {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  // One sign-in per account at a time (lib/auth/throttle.ts): tests running in parallel share the demo
  // accounts, so a refusal "in progress" is retried after the second it asks for, as a person would.
  const signedIn = page.getByTestId("signed-in-user");
  const busy = page.getByText("Another sign-in for this account is in progress");
  for (let attempt = 0; ; attempt++) {
    await page.getByRole("button", { name: "Sign in" }).click();
    // The first view of a page after the server starts can take long on a loaded machine (cold caches).
    await expect(signedIn.or(busy).first()).toBeVisible({ timeout: 30_000 });
    if (attempt >= 10 || !(await busy.isVisible())) break;
    await page.waitForTimeout(1_000);
  }
  await expect(signedIn).toContainText(who.email, { timeout: 30_000 });
}

/** Keyboard shortcuts work once the page has hydrated and attached its key listener (it marks <html>). */
export async function hotkeysReady(page: Page) {
  await page.locator("html[data-hotkeys=ready]").waitFor({ state: "attached" });
}

/**
 * Waits until the page answers its keys: "?" opens the key help (pressed again until it does, since a key
 * pressed before hydration is lost), then "?" closes it, leaving the page as it was.
 */
export async function keysAnswer(page: Page) {
  await expect(async () => {
    await page.keyboard.press("?");
    await expect(page.getByTestId("hotkey-help")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("?");
  await expect(page.getByTestId("hotkey-help")).toHaveCount(0);
}

/** A new browser context signed in as the given account. */
export async function signedInPage(browser: Browser, who: Credential, callbackUrl?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, callbackUrl);
  return page;
}

/** Every page under app/(workbench) as a URL path, with dynamic segments filled by a placeholder id. */
export function workbenchPages(): string[] {
  const root = path.join("app", "(workbench)");
  const routes: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const name = entry.name;
        if (name.startsWith("_")) continue;
        const segment = /^\(.*\)$/.test(name) ? null : /^\[.*\]$/.test(name) ? "does-not-exist" : name;
        walk(path.join(dir, name), segment ? [...segments, segment] : segments);
      } else if (entry.name === "page.tsx") {
        routes.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root, []);
  return routes.sort();
}

/** `gavel …` as a user runs it, against the database the e2e server uses. */
export function gavel(args: string[]): Promise<CliRun> {
  // Each run under its own agent label (unless the test names one): runs from this checkout take their branch
  // from git and the label from the suite, so they would otherwise be compared with the demo's and each other's,
  // and the soft gates (latency vs the baseline's) would make exit codes depend on the machine's load.
  const label = args.includes("--agent-label")
    ? {}
    : { GAVEL_AGENT_LABEL: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}` };
  return runGavel(args, { GAVEL_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "", ...label });
}

/**
 * A suite of its own in a temporary folder (other specs count the runs of the shipped suites) with an agent that
 * always says "hi": a task passes exactly when it expects "hi". `run(args)` runs it with --json, its record in
 * the folder.
 */
export function hiAgentSuite(name: string, tasks: { prompt: string; expected: string }[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `gavel-e2e-${name}-`));
  writeFileSync(path.join(dir, "agent.mjs"), "export const hiAgent = () => 'hi';\n");
  const lines = tasks.map((t, i) => `  - { id: t${i}, prompt: "${t.prompt}", grader: exact, expected: ${t.expected} }`);
  writeFileSync(path.join(dir, "suite.yaml"), `name: e2e-${name}\nthreshold: 0.5\ntasks:\n${lines.join("\n")}\n`);
  const agent = `module:${path.join(dir, "agent.mjs")}#hiAgent`;
  return {
    dir,
    run: (args: string[] = []) => gavel(["run", dir, "--agent", agent, ...args, "--json", "--out", path.join(dir, "results")]),
  };
}

/** What lib/testing/seed-judges-cli.ts seeded: each label set's queue and transcript ids, each judge version's id and hash. */
export type SeededJudges = {
  labelSets: Record<string, { queueId: string; transcriptIds: Record<string, string> }>;
  versions: Record<string, { id: string; hash: string }>;
};

const seedArgs = (scenario: unknown) => [
  "--conditions=react-server",
  "--import",
  "tsx",
  "lib/testing/seed-judges-cli.ts",
  JSON.stringify(scenario),
];
const seedEnv = () => ({ ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL || `file:${path.resolve(E2E_DATA_DIR, "gavel.db")}` });

/** Seeds a judges scenario (lib/testing/seed-judges.ts) into the database the e2e server uses. */
export function seedJudges(scenario: unknown): SeededJudges {
  return JSON.parse(execFileSync(process.execPath, seedArgs(scenario), { env: seedEnv(), encoding: "utf8" })) as SeededJudges;
}

/**
 * The same, without blocking this process: a scenario with `calibrate` runs judges against the spec's mock model,
 * which lives in this process and could not answer while a synchronous child waited.
 */
export async function seedJudgesAsync(scenario: unknown): Promise<SeededJudges> {
  const { stdout } = await promisify(execFile)(process.execPath, seedArgs(scenario), { env: seedEnv(), encoding: "utf8" });
  return JSON.parse(stdout) as SeededJudges;
}
