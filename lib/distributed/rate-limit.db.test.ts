import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseProvider } from "@/lib/database-url";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";
import { queueDistributedRun, startWorkerProcess } from "@/lib/testing/workers";

const onPostgres = databaseProvider(inject("baseDatabaseUrl")) === "postgres";
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "gavel-limit-"));
const TASKS = 24;

/** An agent on 127.0.0.1 that answers "ok" after 150 ms and counts the requests it holds at once. */
function countingAgent() {
  let inFlight = 0;
  const seen = { max: 0, total: 0 };
  const server: Server = createServer((req, res) => {
    inFlight++;
    seen.total++;
    seen.max = Math.max(seen.max, inFlight);
    req.resume();
    req.on("end", () =>
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ output: "ok" }));
      }, 150),
    );
  });
  return {
    seen,
    reset: () => Object.assign(seen, { max: 0, total: 0 }),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function writeSuite(): string {
  const file = path.join(tmp(), "suite.json");
  const tasks = Array.from({ length: TASKS }, (_, i) => ({ id: `t${i}`, prompt: `Task ${i}`, grader: "exact", expected: "ok" }));
  writeFileSync(file, JSON.stringify({ name: "limit", threshold: 1, tasks }));
  return file;
}

describe("gavel run --rate-limit-* without --distributed", () => {
  it("is refused: the flags need workers (exit 2)", async () => {
    const result = await gavel(["run", "datasets/smoke", "--agent", "http://127.0.0.1:9/", "--rate-limit-concurrent", "3"], {
      DATABASE_URL: `file:${path.join(tmp(), "gavel.db")}`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--rate-limit-concurrent needs --distributed");
  });
});

describe.skipIf(!onPostgres)("shared rate limits across worker processes", () => {
  const database = withTestDatabase();
  const agent = countingAgent();
  beforeAll(() => agent.start());
  afterAll(() => agent.stop());

  it("refuses limits an agent's own requests would escape, and bad numbers, before anything is queued", async () => {
    const env = { DATABASE_URL: database.url() };
    const moduleAgent = await gavel(
      ["run", "datasets/smoke", "--agent", "module:datasets/smoke/agent.ts#stubAgent", "--distributed", "--rate-limit-rpm", "60"],
      env,
    );
    expect(moduleAgent.code).toBe(2);
    expect(moduleAgent.stderr).toContain("rate limits apply to agents Gavel calls over HTTP");
    const zero = await gavel(["run", "datasets/smoke", "--agent", agent.url(), "--distributed", "--rate-limit-concurrent", "0"], env);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("--rate-limit-concurrent must be at least 1");
    expect(await db().run.count()).toBe(0);
  });

  it(
    "two workers at concurrency 8 each never hold more requests at the agent together than --rate-limit-concurrent 3",
    { timeout: 180_000 },
    async () => {
      const env = { DATABASE_URL: database.url() };
      const suite = writeSuite();
      const queue = async (extra: string[]) => {
        const queued = await queueDistributedRun(env, suite, agent.url(), extra);
        expect(queued.stderr).not.toContain("error");
        expect(queued.code).toBe(0);
        return queued.stdout.trim();
      };
      const follow = async (runId: string) => {
        const waited = await gavel(["wait", runId, "--out", tmp(), "--quiet"], env);
        expect(waited.code).toBe(0);
      };
      // The control: without the limit the two workers hold far more than 3 requests at once. (Queued
      // before the workers start: the first gavel command of a checkout rebuilds the CLI, once.)
      const control = await queue([]);
      const workers = [0, 1].map(() => startWorkerProcess(env, ["--concurrency", "8"]));
      try {
        await follow(control);
        expect(agent.seen.total).toBe(TASKS);
        expect(agent.seen.max).toBeGreaterThan(3);

        agent.reset();
        const limited = await queue(["--rate-limit-concurrent", "3"]);
        await follow(limited);
        expect(agent.seen.total).toBe(TASKS);
        expect(agent.seen.max).toBeLessThanOrEqual(3);
        // Both workers took part (the limit held across processes, not inside one).
        const byWorker = await db().trial.groupBy({ by: ["workerId"], where: { runId: limited }, _count: true });
        expect(byWorker).toHaveLength(2);
      } finally {
        for (const w of workers) w.child.kill("SIGTERM");
        const codes = await Promise.all(workers.map((w) => w.exited));
        expect(codes, workers.map((w) => w.stderr()).join("\n---\n")).toEqual([0, 0]);
      }
    },
  );
});
