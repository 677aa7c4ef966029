import { spawn } from "node:child_process";

/** A benchmark's `--name value` option, or `fallback` when it is not given. */
export function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

/** Runs a benchmark's main: a failure is printed and sets the exit code (no process.exit: output still flushes). */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/**
 * Starts scripts/bench/mock-agent.ts (an HTTP agent on 127.0.0.1 that answers after `latencyMs`) in
 * its own process, with the given node options; resolves with its URL once it prints its port.
 */
export function startMockAgent(latencyMs: number, nodeOptions: string[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [...nodeOptions, "scripts/bench/mock-agent.ts", String(latencyMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) =>
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}/`, stop: () => child.kill() }),
    );
    child.once("error", reject);
  });
}
