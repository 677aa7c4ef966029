import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A second first start beside the suite's server (whose start built the app): `npm start` on an empty
 * database in a fresh data folder serves before the demo data is in, the app says the demo data is
 * loading while it is, and the banner goes once it is complete. The README's idle-machine figure
 * (first page within 10 s) is measured by hand; here the bound is loose, for a loaded machine.
 */
// +1001: deploy.spec.ts runs its own server on +1000, possibly at the same time (two workers).
const port = Number(process.env.E2E_PORT ?? 3100) + 1001;
const base = `http://127.0.0.1:${port}`;

test("the first start serves before seeding the demo data, says it is loading, and drops the banner when it is in", async ({ page }) => {
  test.setTimeout(600_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-first-start-"));
  const started = Date.now();
  const server = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      GAVEL_DATA_DIR: dir,
      DATABASE_URL: "",
      NEXTAUTH_URL: base,
      NEXT_TELEMETRY_DISABLED: "1",
      // Info: the health check's expected 503s must show as one info line each, never an error with a stack.
      GAVEL_LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let logs = "";
  server.stdout!.on("data", (c: Buffer) => (logs += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (logs += c.toString()));
  try {
    let health: { ok: boolean; demo: string } | null = null;
    while (Date.now() - started < 120_000) {
      const response = await fetch(`${base}/api/health`).catch(() => null);
      if (response?.ok) {
        health = (await response.json()) as { ok: boolean; demo: string };
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const servedAfter = Date.now() - started;
    expect(health, `no answer within 120 s:\n${logs}`).not.toBeNull();
    // Served while the demo (15 s to a minute of seeding) is still to come ("unknown": on a loaded machine the
    // start process's seeding transaction can hold SQLite's lock past the health read's wait; never "none").
    expect(["loading", "unknown"]).toContain(health!.demo);
    expect((await fetch(`${base}/api/health?demo=ready`)).status).toBe(503);
    console.log(`first start: served after ${(servedAfter / 1000).toFixed(1)} s`);
    expect(servedAfter).toBeLessThan(60_000);

    const admin = readFileSync(path.join(dir, "demo-credentials.txt"), "utf8")
      .split("\n")
      .find((line) => line.startsWith("admin"))!
      .trim()
      .split(/\s+/);
    await page.goto(`${base}/login?callbackUrl=%2Fruns`);
    await page.getByLabel("Email").fill(admin[1]!);
    await page.getByLabel("Password").fill(admin[2]!);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("demo-banner")).toContainText(/Loading the demo data, step \d of 5/, { timeout: 30_000 });

    await expect(async () => expect((await fetch(`${base}/api/health?demo=ready`)).status).toBe(200)).toPass({
      timeout: 480_000,
      intervals: [1000],
    });
    await page.reload();
    await expect(page.getByTestId("signed-in-user")).toContainText(admin[1]!);
    await expect(page.getByTestId("demo-banner")).toHaveCount(0);
    expect(logs).toContain("Demo data ready in");
    const notReady = logs.split("\n").filter((line) => line.includes("/api/health?demo=[redacted] 503"));
    expect(notReady.length).toBeGreaterThan(0);
    for (const line of notReady) {
      expect(line).toContain("not ready yet (the demo data is still loading)");
      expect(JSON.parse(line.slice(line.indexOf("{")))).toMatchObject({ level: 30 });
      expect(line).not.toContain("stack");
    }
    expect(logs).not.toContain("failed with status code 503");
    console.log(`first start: demo data complete after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
