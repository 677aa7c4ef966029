import { spawn } from "node:child_process";
import path from "node:path";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `gavel …` exactly as a user would (bin/gavel.mjs), against the given environment. */
export function gavel(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("bin/gavel.mjs"), ...args], {
      // Tests run from this checkout, whose branch git reports: a fixed branch that is not the default keeps a test's
      // runs from becoming baselines for each other by where the checkout happens to be (CI clones main).
      env: { ...process.env, GAVEL_BRANCH: "gavel-tests", ...env },
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
