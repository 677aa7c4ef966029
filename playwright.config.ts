import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the real app, started the way the README starts it (`npm start`) on an
 * empty database in its own data folder, on 127.0.0.1 only. Chromium comes from Debian
 * (/usr/bin/chromium); Playwright never downloads a browser.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "data/e2e";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The README's first command, on a fresh database.
    command: `rm -rf ${E2E_DATA_DIR} && npm start`,
    // Ready once the first start's demo data is in (the server answers earlier; the specs read that data).
    url: `${baseURL}/api/health?demo=ready`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      GAVEL_DATA_DIR: E2E_DATA_DIR,
      // Webhook retries 0.3 s, 1.2 s, … apart instead of 30 s, 2 min, … (e2e/webhooks.spec.ts waits for the third try).
      GAVEL_WEBHOOK_BACKOFF_MS: process.env.GAVEL_WEBHOOK_BACKOFF_MS ?? "300",
      // Request logs only for server errors: the tests' many deliberate 401/403/404s would bury the output.
      GAVEL_LOG_LEVEL: process.env.GAVEL_LOG_LEVEL ?? "error",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXTAUTH_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
