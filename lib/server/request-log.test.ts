import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { requestLogger, safePath } from "./request-log";

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real server answering with `status`, its request log captured line by line. */
async function serve(status: number, level?: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = requestLogger({ level, destination });
  server = createServer((req, res) => {
    log(req, res);
    res.statusCode = status;
    res.end(`seen id ${req.headers["x-request-id"]}`);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, lines };
}

describe("request logs", () => {
  it("log one JSON line per request with id, method, path, status and time, and no secret", async () => {
    const { base, lines } = await serve(200);
    const response = await fetch(`${base}/api/auth/callback/oidc?code=s3cret-code&state=s3cret-state`, {
      headers: { cookie: "next-auth.session-token=s3cret-session", authorization: "Bearer s3cret-token" },
    });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The app sees the same id as the log.
    expect(await response.text()).toBe(`seen id ${id}`);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: "gavel",
      req: { id, method: "GET", path: "/api/auth/callback/oidc?code=[redacted]&state=[redacted]" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: expect.stringMatching(/^GET \/api\/auth\/callback\/oidc\?code=\[redacted\]&state=\[redacted\] 200 in \d+ ms$/),
    });
    expect(typeof lines[0]!.time).toBe("string");
    expect(JSON.stringify(lines)).not.toMatch(/s3cret/);
  });

  it("keep a well-formed request id from a proxy in front, replace a malformed one, and warn on 4xx", async () => {
    const { base, lines } = await serve(404);
    const kept = await fetch(`${base}/x`, { headers: { "x-request-id": "lb-7f3c.91" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3c.91");
    const replaced = await fetch(`${base}/x`, { headers: { "x-request-id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.map((l) => [(l.req as { id: string }).id === "lb-7f3c.91", l.level])).toEqual([
      [true, 40],
      [false, 40],
    ]);
  });

  it("log a 503 as an error with its stack, except the health check's 'not ready yet': one info line, no stack", async () => {
    const { base, lines } = await serve(503);
    await fetch(`${base}/api/health?demo=ready`);
    await fetch(`${base}/runs`);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.map((l) => [(l.req as { path: string }).path, l.level])).toEqual([
      ["/api/health?demo=[redacted]", 30],
      ["/runs", 50],
    ]);
    expect(lines[0]!.err).toBeUndefined();
    expect(lines[0]!.msg).toMatch(/^GET \/api\/health\?demo=\[redacted\] 503 in \d+ ms: not ready yet/);
    expect((lines[1]!.err as { stack?: string }).stack).toContain("failed with status code 503");
  });

  it("log static assets only at debug level, and honour the configured level", async () => {
    const { base, lines } = await serve(200, "warn");
    await fetch(`${base}/_next/static/chunks/app.js`);
    await fetch(`${base}/runs`);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toEqual([]);
  });
});

describe("safePath", () => {
  it("keeps the path and the query's keys, never its values", () => {
    expect(safePath("/runs")).toBe("/runs");
    expect(safePath("/a?token=x&b=&flag")).toBe("/a?token=[redacted]&b=[redacted]&flag=[redacted]");
    expect(safePath("/a?")).toBe("/a");
    expect(safePath(undefined)).toBe("/");
  });
});
