import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Timed {
  /** From spawn to exit, seconds. */
  wallS: number;
  /** User + system CPU of the process, seconds (GNU time). */
  cpuS: number;
  /** Peak resident set size, MB (GNU time). */
  rssMb: number;
  /** One-minute load average when it ended. */
  load: number;
}

/** Runs a command under GNU time (/usr/bin/time); rejects with its stderr when it exits non-zero. */
export function timed(command: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Timed> {
  const stats = path.join(os.tmpdir(), `gavel-bench-time-${process.pid}-${process.hrtime.bigint()}.txt`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-o", stats, "-f", "%U %S %M", ...command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const wallS = (performance.now() - started) / 1000;
      const [user, system, rssKb] = readFileSync(stats, "utf8").trim().split("\n").at(-1)!.split(" ").map(Number);
      rmSync(stats, { force: true });
      if (code !== 0) return reject(new Error(`${command.join(" ")} exited ${code}:\n${stderr.slice(-4000)}`));
      resolve({ wallS, cpuS: user! + system!, rssMb: rssKb! / 1024, load: os.loadavg()[0]! });
    });
  });
}

/** The median of a list (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The p-th percentile of an ascending list by nearest rank (the smallest value with p% of the list at or below it). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
