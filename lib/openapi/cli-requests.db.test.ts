import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as finishRun } from "@/app/api/runs/[id]/finish/route";
import { GET as getRun } from "@/app/api/runs/[id]/route";
import { POST as stopRun } from "@/app/api/runs/[id]/stop/route";
import { POST as postTrials } from "@/app/api/runs/[id]/trials/route";
import { POST as createRun } from "@/app/api/runs/route";
import { createApiToken } from "@/lib/db/api-tokens";
import { createUser } from "@/lib/db/users";
import { openApiDocument } from "@/lib/openapi/document";
import { gavel } from "@/lib/testing/cli";
import { conformance } from "@/lib/testing/openapi-conformance";
import { startRouteServer, type Route } from "@/lib/testing/route-server";
import { withTestDatabase } from "@/lib/testing/test-database";

withTestDatabase();

/**
 * The CLI's --server mode speaks the described API: `gavel run --server`, a child process, against
 * the real route handlers over HTTP; every request it sent and every answer it got is checked
 * against /api/openapi.json's document (bodies by JSON Schema, statuses by the listed responses).
 */
let server: Awaited<ReturnType<typeof startRouteServer>>;
let token: string;

beforeAll(async () => {
  const routes: Route[] = [
    { method: "POST", pattern: "/api/runs", handler: createRun as Route["handler"] },
    { method: "GET", pattern: "/api/runs/:id", handler: getRun as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/trials", handler: postTrials as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/finish", handler: finishRun as Route["handler"] },
    { method: "POST", pattern: "/api/runs/:id/stop", handler: stopRun as Route["handler"] },
  ];
  server = await startRouteServer(routes);
  process.env.NEXTAUTH_URL = server.url;
  const ci = await createUser({ email: "openapi-ci@x.test", role: "reviewer", passwordHash: null }, null);
  token = (await createApiToken(ci, { name: "CI", scopes: ["runs:write"] })).token;
});
afterAll(async () => server?.close());

const run = (suite: string, agent: string, args: string[]) =>
  gavel(["run", suite, "--agent", agent, "--out", os.tmpdir(), "--quiet", "--baseline", "none", ...args], {
    DATABASE_URL: "file:/nonexistent/gavel/never.db",
    GAVEL_SERVER: server.url,
    GAVEL_TOKEN: token,
  });

describe("gavel run --server against the OpenAPI description", () => {
  it(
    "sends only described requests with valid bodies, and gets only described answers, on a passing and a failing run",
    { timeout: 120_000 },
    async () => {
      const passing = await run("datasets/smoke", "module:datasets/smoke/agent.ts#stubAgent", ["--threshold", "0.5"]);
      expect(passing.code, passing.stderr).toBe(0);
      const failing = await run("datasets/refund", "module:datasets/refund/agents.ts#regressedAgent", ["--trials", "1"]);
      expect(failing.code, failing.stderr).toBe(1);
      const fromCli = server.requests.slice();
      // A refused body: the 422's shape is described too.
      const refused = await fetch(`${server.url}/api/runs`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ id: "x" }),
      });
      expect(refused.status).toBe(422);

      const check = conformance(openApiDocument("0.1.0"));
      const seen = server.requests.map(
        (exchange) => `${exchange.method} ${exchange.path.replace(/^\/api\/runs\/[^/]+/, "/api/runs/{id}")} ${exchange.status}`,
      );
      expect(new Set(seen)).toEqual(
        new Set(["POST /api/runs 201", "POST /api/runs/{id}/trials 200", "POST /api/runs/{id}/finish 200", "POST /api/runs 422"]),
      );
      expect(fromCli.flatMap(check)).toEqual([]);
      // The refused request's body is invalid (that was the point); its 422 answer matches ValidationError.
      expect(check(server.requests.at(-1)!)).toEqual([
        expect.stringMatching(/^POST \/api\/runs request: data must have required property 'suite'/),
      ]);
      // And the check can fail: a body the CLI never sends is caught.
      const create = server.requests.find((exchange) => exchange.path === "/api/runs" && exchange.status === 201)!;
      const tampered = { ...create, requestBody: JSON.stringify({ ...JSON.parse(create.requestBody), trialsPerTask: "3" }) };
      expect(check(tampered)).toEqual([expect.stringContaining("POST /api/runs request: data/trialsPerTask must be integer")]);
    },
  );
});
