import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readGitState } from "./git-state";

const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-git-state-"));
const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readGitState", () => {
  it("has nothing to say outside a repository or before the first commit", () => {
    expect(readGitState(dir)).toEqual({ branch: null, commit: null });
    git("init", "-q", "-b", "main");
    expect(readGitState(dir).commit).toBeNull();
  });

  it("reads a real checkout's branch and commit, and no branch on a detached HEAD", () => {
    writeFileSync(path.join(dir, "a.txt"), "a");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
    const sha = git("rev-parse", "HEAD");
    expect(readGitState(dir)).toEqual({ branch: "main", commit: sha });
    git("checkout", "-q", "-b", "fix-refunds");
    expect(readGitState(dir).branch).toBe("fix-refunds");
    git("checkout", "-q", "--detach");
    expect(readGitState(dir)).toEqual({ branch: null, commit: sha });
  });
});
