import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();

/**
 * `gavel run` as users run it (bin/gavel.mjs, the compiled CLI bundle, its own process) against an HTTP
 * agent on 127.0.0.1: the agents' keep-alive pool (undici, loaded on the first request) must work in the
 * bundle as it does under vitest — every trial reaches the agent and is graded on its answer.
 */
describe("gavel run with an HTTP agent", () => {
  let server: Server;
  let url = "";
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const { task_id: taskId, trial_index: trialIndex } = JSON.parse(body) as { task_id: string; trial_index: number };
        seen.push(`${taskId}#${trialIndex}`);
        // t03 answers wrong: a fail proves the answers are graded, not assumed.
        const output = taskId === "t03" ? "nope" : "ok";
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ output }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends every trial to the agent, grades its answers and stores every trial", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-run-http-"));
    const tasks = Array.from({ length: 8 }, (_, i) => `  - { id: t0${i}, prompt: say ok, grader: exact, expected: ok }`).join("\n");
    writeFileSync(
      path.join(dir, "suite.yaml"),
      `name: run-http-${path
        .basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")}\nthreshold: 1\ntasks:\n${tasks}\n`,
    );
    const out = path.join(dir, "results");
    const child = spawn(
      process.execPath,
      [path.resolve("bin/gavel.mjs"), "run", dir, "--agent", url, "--trials", "3", "--concurrency", "4", "--quiet", "--out", out],
      { env: { ...process.env, DATABASE_URL: database.url() }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(seen.sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => [0, 1, 2].map((k) => `t0${i}#${k}`))
        .flat()
        .sort(),
    );

    const record = JSON.parse(readFileSync(path.join(out, readdirSync(out)[0]!), "utf8")) as {
      runId: string;
      summary: { passed: number; errors: number; scored: number };
      tasks: { id: string; trials: { verdict: string; output: string }[] }[];
    };
    expect(record.summary).toMatchObject({ scored: 24, passed: 21, errors: 0 });
    // The suite's threshold is 100%: t03's failures fail the gate (exit 1), and nothing errored.
    expect(code, stderr).toBe(1);
    for (const task of record.tasks)
      for (const trial of task.trials) {
        expect(trial.output).toBe(task.id === "t03" ? "nope" : "ok");
        expect(trial.verdict).toBe(task.id === "t03" ? "fail" : "pass");
      }
    expect(await db().trial.count({ where: { runId: record.runId } })).toBe(24);
  });
});
