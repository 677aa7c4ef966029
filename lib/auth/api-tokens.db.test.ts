import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as createRunRoute } from "@/app/api/runs/route";
import { POST as importRoute } from "@/app/api/transcripts/import/route";
import {
  createApiToken,
  findApiToken,
  hashToken,
  listApiTokens,
  recordTokenUse,
  revokeApiToken,
  TOKEN_USE_WINDOW_MS,
} from "@/lib/db/api-tokens";
import { db } from "@/lib/db/client";
import { changeRole, createUser, setUserDisabled } from "@/lib/db/users";
import { withTestDatabase } from "@/lib/testing/test-database";
import { bearerToken } from "./api";

withTestDatabase();

async function user(email: string, role: "admin" | "reviewer" | "viewer") {
  return createUser({ email, role, passwordHash: null }, null);
}

const runBody = (id: string) => ({
  id,
  suite: {
    name: "tok",
    description: null,
    hash: "",
    definition: { name: "tok" },
    tasks: [{ key: "a", contractHash: "0".repeat(64), prompt: "p", category: null, difficulty: null, definition: {} }],
  },
  agentSpec: "test:agent",
  source: { agentLabel: "bot", commit: null, branch: null, ciJob: null, defaultBranch: "main", onDefaultBranch: false },
  trialsPerTask: 1,
  concurrency: 1,
  threshold: 1,
  startedAt: new Date().toISOString(),
  baseline: "auto",
});

async function postRun(authorization: string | null, id: string) {
  const { sortedJsonHash } = await import("@/lib/hash");
  const body = runBody(id);
  body.suite.hash = sortedJsonHash(body.suite.definition);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== null) headers.authorization = authorization;
  const response = await createRunRoute(
    new NextRequest("http://127.0.0.1/api/runs", { method: "POST", headers, body: JSON.stringify(body) }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as { error?: string; runId?: string } };
}

const count = async () => ({
  runs: await db().run.count(),
  suites: await db().suite.count(),
  used: await db().auditEvent.count({ where: { action: "api_token.used" } }),
});

describe("personal API tokens", () => {
  it("are stored as a sha256 only, shown once, and never grant more than the owner's role", async () => {
    const reviewer = await user("tok-reviewer@x.test", "reviewer");
    const { token, record } = await createApiToken(reviewer, { name: "CI", scopes: ["runs:write", "read"] });
    expect(token).toMatch(/^gvl_[A-Za-z0-9_-]{43}$/);
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(row).toMatchObject({ prefix: token.slice(0, 10), scopes: "runs:write read", lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(await listApiTokens({ userId: reviewer.id }))).not.toContain(token.slice(10));
    await expect(createApiToken(reviewer, { name: "imports", scopes: ["transcripts:import"] })).rejects.toThrow(
      "Your role (reviewer) cannot hold transcripts:import",
    );
    const viewer = await user("tok-viewer@x.test", "viewer");
    await expect(createApiToken(viewer, { name: "x", scopes: ["runs:write"] })).rejects.toThrow("cannot hold runs:write");
    expect(await db().auditEvent.count({ where: { action: "api_token.created", targetId: record.id } })).toBe(1);
  });

  it("reads the bearer token of a request, and only that", () => {
    const req = (h: Record<string, string>) => new Request("http://x/", { headers: h });
    expect(bearerToken(req({}))).toBeNull();
    expect(bearerToken(req({ authorization: "Bearer gvl_abc" }))).toBe("gvl_abc");
    expect(bearerToken(req({ authorization: "Basic dXNlcjpwYXNz" }))).toBe("");
  });

  it("a wrong, malformed, revoked or under-scoped token, or one whose owner lost the role or the account, gets 401/403 and writes nothing", async () => {
    const reviewer = await user("tok-r2@x.test", "reviewer");
    const writer = (await createApiToken(reviewer, { name: "writer", scopes: ["runs:write"] })).token;
    const reader = (await createApiToken(reviewer, { name: "reader", scopes: ["read"] })).token;
    const revoked = await createApiToken(reviewer, { name: "old", scopes: ["runs:write"] });
    await revokeApiToken(revoked.record.id, reviewer);
    const boss = await user("tok-boss@x.test", "admin");
    const demoted = await user("tok-demoted@x.test", "reviewer");
    const demotedToken = (await createApiToken(demoted, { name: "d", scopes: ["runs:write"] })).token;
    await changeRole(demoted.id, "viewer", boss.id);
    const gone = await user("tok-gone@x.test", "reviewer");
    const goneToken = (await createApiToken(gone, { name: "g", scopes: ["runs:write"] })).token;
    await setUserDisabled(gone.id, true, boss.id);

    const before = await count();
    const cases: [string | null, number, string][] = [
      [`Bearer gvl_${"x".repeat(43)}`, 401, "not valid"],
      ["Bearer not-a-token", 401, "not valid"],
      ["Basic dXNlcjpwYXNz", 401, "not valid"],
      [`Bearer ${revoked.token}`, 401, "was revoked"],
      [`Bearer ${goneToken}`, 401, "disabled"],
      [`Bearer ${reader}`, 403, "this endpoint needs runs:write"],
      [`Bearer ${demotedToken}`, 403, "role (viewer) does not allow runs:write"],
    ];
    for (const [auth, status, message] of cases) {
      const result = await postRun(auth, "tok-run-1");
      expect([auth, result.status]).toEqual([auth, status]);
      expect(result.body.error).toContain(message);
    }
    expect(await count()).toEqual(before);
    expect((await findApiToken(reader))!.revokedAt).toBeNull();
    expect((await db().apiToken.findMany({ where: { userId: reviewer.id } })).every((t) => t.lastUsedAt === null)).toBe(true);

    // The same request with the right token goes through, is audited and sets last used.
    const ok = await postRun(`Bearer ${writer}`, "tok-run-1");
    expect(ok).toMatchObject({ status: 201, body: { runId: "tok-run-1" } });
    const after = await count();
    expect(after).toEqual({ runs: before.runs + 1, suites: before.suites + 1, used: before.used + 1 });
    const event = await db().auditEvent.findFirstOrThrow({ where: { action: "api_token.used" }, orderBy: { createdAt: "desc" } });
    expect(event).toMatchObject({ actorId: reviewer.id, targetType: "api_token", details: { method: "POST", path: "/api/runs" } });
    expect(await findApiToken(writer)).toBeTruthy();
    expect((await db().apiToken.findFirstOrThrow({ where: { tokenHash: hashToken(writer) } })).lastUsedAt).not.toBeNull();
    expect((await db().run.findUniqueOrThrow({ where: { id: "tok-run-1" } })).createdById).toBe(reviewer.id);
  });

  it("POST /api/transcripts/import takes a transcripts:import token and refuses a runs:write one", async () => {
    const admin = await user("tok-admin@x.test", "admin");
    const importer = (await createApiToken(admin, { name: "imp", scopes: ["transcripts:import"] })).token;
    const runner = (await createApiToken(admin, { name: "run", scopes: ["runs:write"] })).token;
    const line = JSON.stringify({ id: "tok-1", task_prompt: "Say hi to the token test" });
    const send = (token: string) =>
      importRoute(
        new NextRequest("http://127.0.0.1/api/transcripts/import?format=jsonl", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: line,
        }),
        { params: Promise.resolve({}) },
      );
    const before = await db().transcript.count();
    const refused = await send(runner);
    expect(refused.status).toBe(403);
    expect(await db().transcript.count()).toBe(before);
    const accepted = await send(importer);
    expect(accepted.status).toBe(200);
    expect(await db().transcript.count()).toBe(before + 1);
  });

  it("uses are coalesced: one api_token.used row and one lastUsedAt per token per minute, the next minute audited again", async () => {
    const owner = await user("tok-busy@x.test", "reviewer");
    const other = await user("tok-busy2@x.test", "reviewer");
    const busy = await createApiToken(owner, { name: "exporter", scopes: ["runs:write"] });
    const quiet = await createApiToken(other, { name: "cli", scopes: ["runs:write"] });
    const used = (id: string) =>
      db().auditEvent.findMany({ where: { action: "api_token.used", targetId: id }, orderBy: { createdAt: "asc" } });
    const t0 = new Date("2026-12-06T09:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const request = (n: number) => ({ method: "POST", path: `/v1/traces#${n}` });
    const results = [];
    for (let n = 0; n < 50; n++) results.push(await recordTokenUse(busy.record.id, owner.id, request(n), at(n * 1000)));
    // 50 requests over 50 s: the first is written, the 49 others write nothing at all.
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await used(busy.record.id)).map((e) => e.details)).toEqual([request(0)]);
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: busy.record.id } })).lastUsedAt).toEqual(t0);
    // Another token's window is its own.
    expect(await recordTokenUse(quiet.record.id, other.id, request(0), at(5000))).toBe(true);
    // A minute after the first use opens the next window: audited again, lastUsedAt moves.
    expect(await recordTokenUse(busy.record.id, owner.id, request(60), at(TOKEN_USE_WINDOW_MS))).toBe(true);
    expect(await recordTokenUse(busy.record.id, owner.id, request(61), at(TOKEN_USE_WINDOW_MS + 1))).toBe(false);
    expect((await used(busy.record.id)).map((e) => e.details)).toEqual([request(0), request(60)]);
    expect((await used(quiet.record.id)).map((e) => ({ actor: e.actorId, details: e.details }))).toEqual([
      { actor: other.id, details: request(0) },
    ]);
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: busy.record.id } })).lastUsedAt).toEqual(at(TOKEN_USE_WINDOW_MS));
  });

  it("an owner or an admin may revoke a token; nobody else", async () => {
    const owner = await user("tok-o@x.test", "reviewer");
    const other = await user("tok-other@x.test", "reviewer");
    const admin = await user("tok-a2@x.test", "admin");
    const t1 = await createApiToken(owner, { name: "t1", scopes: ["read"] });
    await expect(revokeApiToken(t1.record.id, other)).rejects.toThrow("No such token.");
    expect((await revokeApiToken(t1.record.id, admin)).revokedAt).not.toBeNull();
    expect(await db().auditEvent.count({ where: { action: "api_token.revoked", targetId: t1.record.id, actorId: admin.id } })).toBe(1);
  });
});
