import { readFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/db/api-tokens";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/db/users";
import { withTestDatabase } from "@/lib/testing/test-database";
import { POST } from "./route";

withTestDatabase();

const corpus = path.join(import.meta.dirname, "../../../../lib/transcripts/corpus");

let made: Promise<string> | undefined;
/** One admin's transcripts:import token for the file's tests (they share the database). */
function token() {
  made ??= createUser({ email: "api-import@x.test", role: "admin", passwordHash: null }, null).then(
    async (admin) => (await createApiToken(admin, { name: "imp", scopes: ["transcripts:import"] })).token,
  );
  return made;
}

const send = (bearer: string, query: string, body: BodyInit) =>
  POST(
    new NextRequest(`http://127.0.0.1/api/transcripts/import?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}` },
      body,
    }),
    { params: Promise.resolve({}) },
  );

describe("POST /api/transcripts/import", () => {
  it("reads an Inspect .eval archive from the raw bytes, maps a score only when asked, and returns the import report", async () => {
    const bearer = await token();
    const archive = readFileSync(path.join(corpus, "inspect-ai/log_read_sample.eval"));
    const plain = await send(bearer, "fileName=log.eval", archive);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({
      ok: true,
      format: "inspect",
      created: 1,
      verdicts: { created: 0 },
      scores: [{ name: "match", items: 1 }],
      mapped: [],
      unmapped: [
        { field: "inspect.scores", items: 1 },
        { field: "inspect.model", items: 1 },
      ],
      skipped: [],
    });
    const mapped = await send(bearer, `fileName=log.eval&score=match&passWhen=${encodeURIComponent("==C")}`, archive);
    expect(await mapped.json()).toMatchObject({
      ok: true,
      existing: 1,
      verdicts: { created: 1 },
      mapped: [{ score: "match", judge: "inspect-match", pass: 1, fail: 0 }],
    });
    expect(await db().judgeVerdict.count()).toBe(1);
  });

  it("refuses a mapping that names no score of the file, or has no condition, and writes nothing", async () => {
    const bearer = await token();
    const before = await db().transcript.count();
    const file = readFileSync(path.join(corpus, "langfuse/google-adk-2025-08-28.json"));
    const wrong = await send(bearer, "score=Toxicity&passWhen=%3C%3D0.2", file);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      ok: false,
      format: "langfuse",
      errors: ['no transcript has a score named "Toxicity" (the file\'s scores: hallucination, toxicity)'],
    });
    const half = await send(bearer, "score=toxicity", file);
    expect(half.status).toBe(400);
    expect((await half.json()).errors).toEqual([expect.stringMatching(/^score toxicity needs pass when/)]);
    expect(await db().transcript.count()).toBe(before);
  });
});
