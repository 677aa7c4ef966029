import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRun } from "@/app/api/runs/[id]/route";
import { POST as finishRun } from "@/app/api/runs/[id]/finish/route";
import { POST as stopRun } from "@/app/api/runs/[id]/stop/route";
import { POST as postTrials } from "@/app/api/runs/[id]/trials/route";
import { POST as createRun } from "@/app/api/runs/route";
import { createApiToken } from "@/lib/db/api-tokens";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/db/users";
import { gavel, type CliRun as CliRunResult } from "@/lib/testing/cli";
import { validateJunit } from "@/lib/testing/junit-schema";
import { startRouteServer, type Route } from "@/lib/testing/route-server";
import { until } from "@/lib/testing/workers";
import { withTestDatabase } from "@/lib/testing/test-database";
import { REFERENCE_AGENT, REGRESSED_AGENT, REGRESSED_FAILING_TASKS, refundRunArgs } from "./refund-run-fixtures";

withTestDatabase();

/**
 * `gavel run --server` as a user runs it — a child process with no database of its own — against
 * the app's route handlers over real HTTP, storing into this test's database.
 */
let server: Awaited<ReturnType<typeof startRouteServer>>;
let token: string;
let readOnly: string;

beforeAll(async () => {
  const routes: Route[] = [
    { method: "POST", pattern: "/api/runs", handler: createRun as Route["handler"] },
    { method: "GET", pattern: "/api/runs/:id", handler: getRun as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/trials", handler: postTrials as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/finish", handler: finishRun as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/stop", handler: stopRun as Route["handler"] },
  ];
  server = await startRouteServer(routes);
  // Links use the server's public address, as a deployment sets it.
  process.env.NEXTAUTH_URL = server.url;
  const ci = await createUser({ email: "ci@x.test", role: "reviewer", passwordHash: null }, null);
  token = (await createApiToken(ci, { name: "CI", scopes: ["runs:write"] })).token;
  readOnly = (await createApiToken(ci, { name: "reader", scopes: ["read"] })).token;
});
afterAll(async () => server?.close());

// No local database: a path that cannot be created proves the CLI never opens one.
const cli = (args: string[], env: Record<string, string> = {}) =>
  gavel(args, { DATABASE_URL: "file:/nonexistent/gavel/never.db", GAVEL_SERVER: server.url, GAVEL_TOKEN: token, ...env });

describe("gavel run --server", () => {
  it("stores an agent's NUL as U+FFFD like a local run, instead of failing the upload", async () => {
    const result = await cli([
      "run",
      "datasets/smoke",
      "--agent",
      "module:lib/testing/hostile-agents.ts#nulAgent",
      "--baseline",
      "none",
      "--out",
      os.tmpdir(),
      "--quiet",
    ]);
    expect([0, 1]).toContain(result.code);
    const runId = /^Run: .*\/runs\/([\w-]+)$/m.exec(result.stdout)![1]!;
    const outputs = (await db().trial.findMany({ where: { runId }, select: { output: true } })).map((t) => t.output);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      expect(output).toMatch(/\uFFFD answered with a NUL$/);
      expect(output).not.toContain("\u0000");
    }
  });

  it("rides out a server restart mid-run: every trial arrives once, the run finishes with its verdict", { timeout: 120_000 }, async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "gavel-server-"));
    const start = server.requests.length;
    const running = cli(
      [
        "run",
        "datasets/refund",
        "--agent",
        "module:lib/testing/slow-refund-agents.ts#slowReferenceAgent",
        "--agent-label",
        "restart-bot",
      ].concat(["--trials", "2", "--concurrency", "2", "--baseline", "none", "--out", out, "--quiet"]),
      { GAVEL_TEST_AGENT_DELAY_MS: "300", GAVEL_SERVER_RETRY_S: "60" },
    );
    let ended: CliRunResult | null = null;
    void running.then((r) => (ended = r));
    await until(
      "the first batch of trials",
      async () => {
        if (ended) throw new Error(`the run ended first: ${JSON.stringify(ended)}`);
        return server.requests.slice(start).some((r) => /\/trials$/.test(r.path) && r.status === 200);
      },
      60_000,
    );
    const before = server.requests.length;
    await server.restart(4_000);
    const result = await running;
    expect(result.stderr).toMatch(/could not reach the server at .*; retrying/);
    expect(result.code).toBe(0);
    // Trials kept running while the server was away and were sent once it was back.
    expect(server.requests.length).toBeGreaterThan(before);
    const runId = /^Run: .*\/runs\/([\w-]+)$/m.exec(result.stdout)![1]!;
    expect(await db().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "completed", scoredCount: 70 });
    expect(await db().trial.count({ where: { runId } })).toBe(70);
  });

  it("the reference run on the default branch is the baseline; the regressed run exits 1, names the newly failing tasks and prints their trial URLs", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "gavel-server-"));
    const reference = await cli(refundRunArgs(REFERENCE_AGENT, { label: "refund-bot", branch: "main", out }));
    // The commit comes from this checkout (no CI variables here): git rev-parse.
    expect(reference.stderr).toMatch(
      /^No baseline: no completed run of this suite version with agent label "refund-bot" on the default branch yet\nThis run is a baseline for later runs of agent "refund-bot" on this suite version \(branch "main" at [0-9a-f]{7}\)\.\n$/,
    );
    expect(reference.code).toBe(0);
    const refId = /^Run: .*\/runs\/([\w-]+)$/m.exec(reference.stdout)![1]!;
    expect(await db().run.findUniqueOrThrow({ where: { id: refId } })).toMatchObject({
      status: "completed",
      gatePassed: true,
      onDefaultBranch: true,
      agentLabel: "refund-bot",
      scoredCount: 70,
    });
    expect(await db().trial.count({ where: { runId: refId } })).toBe(70);

    const junit = path.join(out, "junit.xml");
    const regressed = await cli(
      refundRunArgs(REGRESSED_AGENT, { label: "refund-bot", branch: "retry-pending", out }, [
        "--commit",
        "abc123",
        "--junit",
        junit,
        "--summary-md",
        path.join(out, "summary.md"),
      ]),
    );
    expect(regressed.code).toBe(1);
    const headId = /^Run: .*\/runs\/([\w-]+)$/m.exec(regressed.stdout)![1]!;
    expect(regressed.stdout).toContain(`Against baseline run ${refId}: 10 newly failing, 0 newly passing, 0 newly flaky`);
    for (const task of REGRESSED_FAILING_TASKS) {
      expect(regressed.stdout).toMatch(
        new RegExp(`^  newly failing  ${task}  ${server.url}/runs/${headId}\\?task=${task}&trial=1#trial-${task}-1-step-\\d+$`, "m"),
      );
    }
    const line = regressed.stdout.split("\n").find((l) => l.startsWith("  refund-full-bank  trial 1 step 3 issue_refund "))!;
    expect(JSON.parse(line.split(" issue_refund ")[1]!.split("  ")[0]!)).toEqual({ order_id: "A1002", amount: 120 });
    expect(line.endsWith(`  ${server.url}/runs/${headId}?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3`)).toBe(true);
    // The server evaluated the trend gates against the reference run and stored its verdict.
    expect(regressed.stdout).toMatch(/FAIL {10}trend pass rate: 71\.4% vs 100\.0% in run \S+ \(−28\.6 points; fails below −5\.0 points\)/);
    const stored = await db().run.findUniqueOrThrow({ where: { id: headId } });
    expect(stored).toMatchObject({
      status: "completed",
      gatePassed: false,
      baselineRunId: refId,
      gitBranch: "retry-pending",
      gitCommit: "abc123",
      onDefaultBranch: false,
    });
    expect(await db().trial.count({ where: { runId: headId } })).toBe(70);
    const summary = readFileSync(path.join(out, "summary.md"), "utf8");
    // Diff first: the verdict, then the one regression as one group, each task linked once to its failing trial.
    const [verdict, , headline] = summary.split("\n");
    expect(verdict).toMatch(/^## ❌ Gavel refund: gate failed .* — 10 newly failing, 0 newly passing, 0 newly flaky$/);
    expect(headline).toMatch(
      /^\*\*All 10 newly failing tasks break at .*`issue_refund`: a second issue\\_refund for the same order\\_id \(once per order\\_id\)/,
    );
    expect(summary).toContain(`Compared with baseline run \`${refId}\` (on \`main\``);
    expect(
      summary.split(`[\`refund-full-bank\`](${server.url}/runs/${headId}?task=refund-full-bank&trial=1#trial-refund-full-bank-1-step-3)`),
    ).toHaveLength(2);
    // JUnit failure messages carry the trial URL; the file is valid and red.
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(`${server.url}/runs/${headId}?task=refund-full-bank&amp;trial=1#trial-refund-full-bank-1-step-3`);
    expect(xml).toMatch(/name="trend: pass rate"[^>]*>\n\s+<failure/);
    expect((await validateJunit(xml)).valid).toBe(true);
    // Every request was authenticated by the token, whose use is audited (coalesced to one row per
    // token per minute: lib/db/api-tokens.ts); the token never reached the output.
    expect(regressed.stdout + regressed.stderr).not.toContain(token);
    expect(await db().auditEvent.count({ where: { action: "api_token.used" } })).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("a wrong or under-scoped token exits 2 with the server's reason and stores nothing", async () => {
    const before = await db().run.count();
    const wrong = await cli(
      ["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", os.tmpdir(), "--quiet"],
      { GAVEL_TOKEN: `gvl_${"z".repeat(43)}` },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("error: the server refused the token (HTTP 401): The API token is not valid.");
    const reader = await cli(
      ["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", os.tmpdir(), "--quiet"],
      { GAVEL_TOKEN: readOnly },
    );
    expect(reader.code).toBe(2);
    expect(reader.stderr).toContain("(HTTP 403)");
    expect(reader.stderr).not.toContain(readOnly);
    expect(await db().run.count()).toBe(before);
    const unreachable = await cli(
      ["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--out", os.tmpdir(), "--quiet"],
      { GAVEL_SERVER: "http://127.0.0.1:9" },
    );
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain("could not reach the server at http://127.0.0.1:9");
  }, 60_000);
});
