import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gavel } from "@/lib/testing/cli";
import { startMockForge, type MockForge } from "../pr-comment/mock-forge";

const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-comment-"));
const summary = path.join(dir, "summary.md");
const event = path.join(dir, "event.json");
writeFileSync(event, JSON.stringify({ action: "synchronize", number: 17, pull_request: { number: 17 } }));
let forge: MockForge | null = null;
afterEach(async () => {
  await forge?.close();
  forge = null;
});

// Other CI variables of this machine must not leak in: each run gets exactly the CI's own set.
const clean = { GITHUB_ACTIONS: "", GITLAB_CI: "", GITHUB_TOKEN: "", GH_TOKEN: "", GITLAB_TOKEN: "", GAVEL_GITLAB_TOKEN: "" };

describe("gavel comment (the real CLI against a mock forge on 127.0.0.1)", { timeout: 60_000 }, () => {
  it("--github posts one comment, then edits it on the next push instead of adding another", async () => {
    forge = await startMockForge("github", "ghs_test", [{ id: 1, body: "LGTM from a human" }]);
    const env = {
      ...clean,
      GITHUB_TOKEN: "ghs_test",
      GITHUB_REPOSITORY: "acme/agent",
      GITHUB_EVENT_PATH: event,
      GITHUB_API_URL: `${forge.url}/api`,
    };
    writeFileSync(summary, "## ❌ Gavel refund: gate failed\n\nfirst push\n");
    const first = await gavel(["comment", "--github", "--file", summary], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("Posted the Gavel comment on pull request acme/agent#17: https://forge.example/c/1000");
    writeFileSync(summary, "## ✅ Gavel refund: gate passed\n\nsecond push\n");
    const second = await gavel(["comment", "--github", "--file", summary], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("Updated the Gavel comment");
    expect(forge.comments).toHaveLength(2);
    expect(forge.comments[0]!.body).toBe("LGTM from a human");
    expect(forge.comments[1]!.body).toBe("<!-- gavel-comment:summary -->\n## ✅ Gavel refund: gate passed\n\nsecond push\n");
    expect(forge.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/repos/acme/agent/issues/17/comments",
      "POST /api/repos/acme/agent/issues/17/comments",
      "GET /api/repos/acme/agent/issues/17/comments",
      "PATCH /api/repos/acme/agent/issues/comments/1000",
    ]);
    expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain("ghs_test");
  });

  it("--github finds the PR from GITHUB_REF without an event file, and exits 3 naming the status when the token is refused", async () => {
    forge = await startMockForge("github", "right");
    writeFileSync(summary, "x\n");
    const refused = await gavel(["comment", "--github", "--file", summary], {
      ...clean,
      GITHUB_TOKEN: "wrong",
      GITHUB_REPOSITORY: "acme/agent",
      GITHUB_REF: "refs/pull/17/merge",
      GITHUB_API_URL: `${forge.url}/api`,
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("401 Unauthorized");
    expect(forge.requests[0]!.path).toBe("/api/repos/acme/agent/issues/17/comments");
    expect(forge.comments).toHaveLength(0);
  });

  it("--gitlab posts one merge request note and then updates it", async () => {
    forge = await startMockForge("gitlab", "glpat-test");
    const env = {
      ...clean,
      GAVEL_GITLAB_TOKEN: "glpat-test",
      CI_API_V4_URL: `${forge.url}/api/v4/`,
      CI_PROJECT_ID: "42",
      CI_MERGE_REQUEST_IID: "7",
    };
    writeFileSync(summary, "one\n");
    expect((await gavel(["comment", "--gitlab", "--file", summary], env)).code).toBe(0);
    writeFileSync(summary, "two\n");
    const second = await gavel(["comment", "--gitlab", "--file", summary], env);
    expect(second.code, second.stderr).toBe(0);
    expect(forge.comments).toEqual([{ id: 1000, body: "<!-- gavel-comment:summary -->\ntwo\n" }]);
    expect(forge.requests.map((r) => r.method)).toEqual(["GET", "POST", "GET", "PUT"]);
  });

  it("refuses with exit 2, naming what is missing, before calling any API", async () => {
    writeFileSync(summary, "x\n");
    const noPr = await gavel(["comment", "--github", "--file", summary], {
      ...clean,
      GITHUB_TOKEN: "t",
      GITHUB_REPOSITORY: "acme/agent",
      GITHUB_REF: "refs/heads/main",
      GITHUB_EVENT_PATH: "",
    });
    expect(noPr.code).toBe(2);
    expect(noPr.stderr).toContain("no pull request here");
    const noToken = await gavel(["comment", "--gitlab", "--file", summary], { ...clean, CI_API_V4_URL: "http://127.0.0.1:9/api/v4" });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("GAVEL_GITLAB_TOKEN (or GITLAB_TOKEN) is not set");
    const neither = await gavel(["comment", "--file", summary], clean);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("--github or --gitlab");
  });
});
