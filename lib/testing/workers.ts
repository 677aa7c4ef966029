import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { gavel, type CliRun } from "./cli";

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** A `gavel worker` as its own process group, so SIGKILL takes it down exactly as when a machine dies. */
export function startWorkerProcess(env: Record<string, string>, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [path.resolve("bin/gavel.mjs"), "worker", "--check-expired-every", "1", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Polls `probe` until it returns something truthy; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Queues a distributed run for workers a test starts itself (`--detach`), with no baseline to gate
 * against: `gavel run SUITE --agent AGENT --distributed --detach --baseline none FLAGS`. Its stdout is
 * the run id.
 */
export function queueDistributedRun(env: Record<string, string>, suite: string, agent: string, flags: string[] = []): Promise<CliRun> {
  return gavel(["run", suite, "--agent", agent, "--distributed", "--detach", "--baseline", "none", ...flags], env);
}
