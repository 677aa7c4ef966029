import { expect, test } from "@playwright/test";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { marked } from "marked";
import { startMockForge } from "../lib/cli/pr-comment/mock-forge";
import { E2E_DATA_DIR } from "../playwright.config";
import { account, signIn } from "./helpers";

/**
 * The CI story from a shell on a git checkout, with the real `gavel` command as a process: a run on
 * main becomes the baseline with no CI variable set (branch and commit from git, the label from the
 * suite's `agent:`), a regressed run on a PR branch is compared with it, the Markdown summary's first
 * lines name the regression as one group, and `gavel comment --github` posts it to a mock of GitHub's
 * API on 127.0.0.1. Screenshots of the failed run's page and the rendered PR summary go to docs/images.
 */

test.describe.configure({ mode: "serial" });

const ROOT = process.cwd();
const DATA = path.resolve(E2E_DATA_DIR);
// Every CI variable this machine might have is blanked: the story is a plain shell.
const NO_CI = Object.fromEntries(
  ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "JENKINS_URL", "GAVEL_BRANCH", "GAVEL_COMMIT", "GAVEL_AGENT_LABEL"].map(
    (k) => [k, ""],
  ),
);

let repo = "";
let mainSha = "";
let mainRunId = "";
let summaryFile = "";
let mdHeadline = "";
let regressedRunId = "";

function git(...args: string[]) {
  return execFileSync("git", ["-c", "user.name=CI Story", "-c", "user.email=ci@example.com", ...args], {
    cwd: repo,
    encoding: "utf8",
  }).trim();
}

/** `gavel …` run from the checkout, as a developer or a CI job would, against the e2e server's database. */
function gavelIn(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/gavel.mjs"), ...args], {
      cwd: repo,
      env: { ...process.env, ...NO_CI, GAVEL_DATA_DIR: DATA, DATABASE_URL: process.env.E2E_DATABASE_URL ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

test("a run from a shell on main becomes the baseline: branch and commit from git, the label from the suite", async ({ baseURL }) => {
  test.setTimeout(180_000);
  // Inside the worktree (data/ is ignored) so the suite's TypeScript resolves Gavel's own modules.
  mkdirSync(DATA, { recursive: true });
  repo = mkdtempSync(path.join(DATA, "ci-story-repo-"));
  git("init", "-q", "-b", "main");
  cpSync(path.join(ROOT, "datasets/refund"), path.join(repo, "evals/refund"), { recursive: true });
  // The team's own agent name: the first start's demo runs (label refund-agent, on main when the server's checkout is)
  // must not become this story's baseline, or its soft gates would compare against another machine's timings.
  const suiteFile = path.join(repo, "evals/refund/suite.yaml");
  writeFileSync(suiteFile, readFileSync(suiteFile, "utf8").replace(/^agent: refund-agent$/m, "agent: ci-story-agent"));
  writeFileSync(path.join(repo, ".gitignore"), "results/\n*.md\n");
  git("add", ".");
  git("commit", "-q", "-m", "The refund agent and its suite");
  mainSha = git("rev-parse", "HEAD");

  const main = await gavelIn([
    "run",
    "evals/refund",
    "--agent",
    "module:evals/refund/agents.ts#referenceAgent",
    "--trials",
    "2",
    "--quiet",
    "--base-url",
    baseURL!,
  ]);
  expect(main.code, main.stderr).toBe(0);
  expect(main.stderr).toMatch(/^No baseline: no completed run/);
  expect(main.stderr).toContain(
    `This run is a baseline for later runs of agent "ci-story-agent" on this suite version (branch "main" at ${mainSha.slice(0, 7)}).`,
  );
  mainRunId = /^Run record: .*?([\w-]+)\.json$/m.exec(main.stdout)![1]!;
  const record = JSON.parse(readFileSync(path.join(repo, "results", `${mainRunId}.json`), "utf8"));
  expect(record.source).toMatchObject({ branch: "main", commit: mainSha, onDefaultBranch: true, agentLabel: "ci-story-agent" });
});

test("a regressed PR run is compared with it, and the summary's first lines name the regression group", async ({ baseURL }) => {
  test.setTimeout(180_000);
  git("switch", "-q", "-c", "retry-pending");
  writeFileSync(path.join(repo, "evals/refund/NOTES.txt"), "retry refunds that come back pending\n");
  git("add", ".");
  git("commit", "-q", "-m", "Retry pending refunds");
  summaryFile = path.join(repo, "gavel-summary.md");
  const pr = await gavelIn([
    "run",
    "evals/refund",
    "--agent",
    "module:evals/refund/agents.ts#regressedAgent",
    "--trials",
    "2",
    "--quiet",
    "--summary-md",
    summaryFile,
    "--base-url",
    baseURL!,
  ]);
  expect(pr.code, pr.stderr).toBe(1);
  expect(pr.stderr).toMatch(
    new RegExp(
      `Compared with baseline run ${mainRunId} \\(branch main, commit ${mainSha.slice(0, 7)}, finished \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)\\.`,
    ),
  );
  expect(pr.stderr).toContain(`Against baseline run ${mainRunId}: 10 newly failing, 0 newly passing, 0 newly flaky`);
  expect(pr.stderr).toContain('This run cannot become a baseline: branch "retry-pending" is not the default branch "main"');
  regressedRunId = /^Run record: .*?([\w-]+)\.json$/m.exec(pr.stdout)![1]!;

  const lines = readFileSync(summaryFile, "utf8")
    .split("\n")
    .filter((l) => l.trim());
  expect(lines[0]).toMatch(/^## ❌ Gavel refund: gate failed \(\d+ of \d+ gates\) — 10 newly failing, 0 newly passing, 0 newly flaky$/);
  expect(lines[1]).toMatch(
    /^\*\*All 10 newly failing tasks break at .*`issue_refund`: a second issue\\_refund for the same order\\_id \(once per order\\_id\)\*\*$/,
  );
  mdHeadline = lines[1]!;
  expect(lines[2]).toContain(`\`retry-pending\` @ \`${git("rev-parse", "--short=7", "HEAD")}\``);
  expect(lines.join("\n")).toContain(
    `[\`refund-full-bank\`](${baseURL}/runs/${regressedRunId}?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3)`,
  );
});

test("gavel comment --github posts the summary to the pull request (a mock of GitHub's API), then updates it", async () => {
  test.setTimeout(120_000);
  const forge = await startMockForge("github", "ghs_e2e");
  try {
    const event = path.join(repo, "event.json");
    writeFileSync(event, JSON.stringify({ number: 17, pull_request: { number: 17 } }));
    const env = { GITHUB_TOKEN: "ghs_e2e", GITHUB_REPOSITORY: "acme/agent", GITHUB_EVENT_PATH: event, GITHUB_API_URL: `${forge.url}/api` };
    const posted = await gavelIn(["comment", "--github", "--file", summaryFile], env);
    expect(posted.code, posted.stderr).toBe(0);
    expect(posted.stdout).toContain("Posted the Gavel comment on pull request acme/agent#17");
    const again = await gavelIn(["comment", "--github", "--file", summaryFile], env);
    expect(again.stdout).toContain("Updated the Gavel comment");
    expect(forge.comments).toHaveLength(1);
    expect(forge.comments[0]!.body).toContain("All 10 newly failing tasks break at");
    expect(forge.comments[0]!.body.startsWith("<!-- gavel-comment:summary -->\n## ❌ Gavel refund: gate failed")).toBe(true);
  } finally {
    await forge.close();
  }
});

test("docs/ci.md shows the action, and action.yml is a composite action that comments", () => {
  const docs = readFileSync(path.join(ROOT, "docs/ci.md"), "utf8");
  expect(docs).toContain("## The GitHub Action");
  expect(docs).toMatch(/uses: your-org\/gavel@main/);
  const action = readFileSync(path.join(ROOT, "action.yml"), "utf8");
  expect(action).toMatch(/using: composite/);
  expect(action).toContain("npx @gavel-evals/gavel comment --github");
  expect(action).toContain('--junit "$junit" --summary-md "$summary"');
});

test("screenshots: the failed run's page and the PR summary as GitHub renders it", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(path.join(ROOT, "docs/images"), { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1100 });
  await signIn(page, account("reviewer"), `/runs/${regressedRunId}`);
  await expect(page.getByRole("heading", { name: `Run ${regressedRunId}` })).toBeVisible();
  await expect(page.getByText("Passed", { exact: true }).first()).toBeVisible();
  // The page's one-line diagnosis is the Markdown summary's, word for word (without the Markdown).
  const plain = mdHeadline
    .replace(/^\*\*|\*\*$/g, "")
    .replace(/`/g, "")
    .replace(/\\(.)/g, "$1");
  await expect(page.getByTestId("failure-headline")).toHaveText(plain);
  expect(plain).not.toContain("…");
  await page.screenshot({ path: path.join(ROOT, "docs/images/failed-run.png") });

  // The summary rendered as Markdown (marked, GitHub-flavoured), in a page styled like a PR comment.
  const html = await marked.parse(readFileSync(summaryFile, "utf8"), { gfm: true });
  await page.setContent(
    `<!doctype html><meta charset="utf-8"><style>
      body{font:14px/1.5 -apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328;background:#f6f8fa;margin:0;padding:24px}
      .c{max-width:880px;margin:auto;background:#fff;border:1px solid #d1d9e0;border-radius:6px}
      .h{padding:8px 16px;background:#f6f8fa;border-bottom:1px solid #d1d9e0;border-radius:6px 6px 0 0;color:#59636e}
      .b{padding:16px}code{background:#eff1f3;padding:.2em .4em;border-radius:6px;font-size:85%}
      table{border-collapse:collapse}td,th{border:1px solid #d1d9e0;padding:4px 10px}a{color:#0969da}
    </style><div class="c"><div class="h"><b>gavel-bot</b> commented</div><div class="b" data-testid="pr-summary">${html}</div></div>`,
  );
  await expect(page.getByTestId("pr-summary").getByRole("heading", { level: 2 })).toContainText("gate failed");
  await page.screenshot({ path: path.join(ROOT, "docs/images/pr-summary.png"), fullPage: true });
});
