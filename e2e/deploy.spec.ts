import { expect, test } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * docs/deploy.md, followed: the built app on an empty PostgreSQL database in production mode —
 * `NODE_ENV=production DATABASE_URL=… NEXTAUTH_SECRET=… NEXTAUTH_URL=… npm start` — applies the
 * migrations, creates no demo account, and the first admin is made through /signup. Its own server
 * on E2E_PORT + 1000, beside the suite's; it serves the build the suite's server made.
 */
test.describe.configure({ mode: "serial" });

const pgServer = process.env.GAVEL_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
const base = `http://127.0.0.1:${port}`;
const database = `gavel_deploy_${port}_${process.pid}`;
const databaseUrl = pgServer.replace(/\/[^/]*$/, `/${database}`);
const password = "first-admin-passphrase-9";

let app: ChildProcess | null = null;
let logs = "";
let reachable = true;

const pgTool = (command: "create" | "drop") =>
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/pg-database.ts", command, pgServer, database], {
    stdio: "pipe",
  });

function listening(url: string): Promise<boolean> {
  const { hostname, port: p } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(p || 5432) });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  reachable = await listening(pgServer);
  if (!reachable) return;
  pgTool("create");
  app = spawn("npm", ["start"], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: "deploy-test-secret-0123456789abcdef",
      NEXTAUTH_URL: base,
      PORT: String(port),
      GAVEL_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "gavel-deploy-")),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  app.stdout!.on("data", (chunk) => (logs += chunk));
  app.stderr!.on("data", (chunk) => (logs += chunk));
  for (let i = 0; i < 300; i++) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return;
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}:\n${logs}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the app did not answer /api/health:\n${logs}`);
});

test.afterAll(async () => {
  if (app?.pid) {
    // npm start → start.ts → the server: end the whole group this test started.
    process.kill(-app.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (reachable) pgTool("drop");
});

test("production on an empty PostgreSQL: migrations applied, no demo accounts, the first admin signs up", async ({ page }) => {
  test.skip(!reachable, `no PostgreSQL at ${pgServer} (set GAVEL_PG_URL): this test needs one`);
  expect(logs).toContain("Database: PostgreSQL");
  expect(logs).toContain("Migrations are up to date.");
  expect(logs).toContain("Production mode with no accounts yet: open /signup to create the admin account.");
  expect(logs).not.toMatch(/demo account|demo-credentials/i);

  const health = await fetch(`${base}/api/health`);
  expect(await health.json()).toEqual({ ok: true, demo: "none" }); // production never seeds demo data
  expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto(`${base}/login`);
  await page.getByRole("link", { name: "Create the first one" }).click();
  await expect(page).toHaveURL(`${base}/signup`);
  await page.getByLabel("Email").fill("ops@example.com");
  await page.getByLabel("Name (optional)").fill("Ops");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /create/i }).click();
  await expect(page).toHaveURL(/\/login\?created=1$/);
  await page.getByLabel("Email").fill("ops@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText("ops@example.com");
  await page.goto(`${base}/users`);
  await expect(page.getByTestId("user-row-ops@example.com")).toContainText("admin");

  // Sign-up closes once there is an admin: rendered per request, not frozen at build time.
  await page.goto(`${base}/signup`);
  await expect(page.getByText("Sign-up is closed")).toBeVisible();

  // Structured request logs: one JSON line per request with its id; no password, cookie or secret.
  const requests = logs
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { req?: { id: string; method: string; path: string }; res?: { statusCode: number } })
    .filter((l) => l.req);
  expect(requests.some((l) => l.req!.method === "POST" && l.req!.path === "/signup")).toBe(true);
  expect(requests.some((l) => l.req!.method === "GET" && l.req!.path === "/users" && l.res!.statusCode === 200)).toBe(true);
  expect(requests.every((l) => typeof l.req!.id === "string" && l.req!.id.length > 0)).toBe(true);
  expect(logs).not.toContain(password);
  expect(logs).not.toContain("deploy-test-secret");
  expect(logs).not.toMatch(/session-token=/);
});
