import { execFileSync } from "node:child_process";
import type { GitState } from "./ci-source";

function git(args: string[], cwd: string): string | null {
  try {
    const out = execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).trim();
    return out || null;
  } catch {
    // Not a checkout, no git installed, or no commit yet: git cannot say, and that is not an error.
    return null;
  }
}

/** The checkout's branch and commit (`git rev-parse`); a detached HEAD has no branch. */
export function readGitState(cwd: string = process.cwd()): GitState {
  const commit = git(["rev-parse", "HEAD"], cwd);
  const branch = git(["rev-parse", "--abbrev-ref", "HEAD"], cwd);
  return { commit, branch: branch === "HEAD" ? null : branch };
}
