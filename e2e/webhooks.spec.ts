import { expect, test } from "@playwright/test";
import { mkdtempSync, readdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { account, gavel, signIn } from "./helpers";

/**
 * Webhooks end to end: an admin registers a receiver on 127.0.0.1, a CLI run fails its gate, and the
 * receiver checks each delivery's signature with the Standard Webhooks reference library. The
 * receiver answers 500 twice, so the event arrives on the third try; the page's log shows all three.
 */

test.describe.configure({ mode: "serial" });

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}
const received: Received[] = [];
let receiver: Server;
let origin = "";
const failuresPerMessage = new Map<string, number>();

test.beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers as IncomingHttpHeaders).map(([k, v]) => [k, String(v)]));
    const id = headers["webhook-id"] ?? "";
    // "/flaky" answers 500 to the first two tries of each message, then 200.
    const failed = failuresPerMessage.get(id) ?? 0;
    const answer = req.url === "/flaky" && failed < 2 ? 500 : 200;
    if (answer === 500) failuresPerMessage.set(id, failed + 1);
    received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), answered: answer });
    res.writeHead(answer, { "content-type": "text/plain" }).end(answer === 500 ? "receiver down (test)" : "ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

let secret = "";

test("an admin registers a webhook; a private address outside the allowed hosts is refused, naming the rule", async ({ page }) => {
  await signIn(page, account("admin"), "/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  await page.getByLabel("URL").fill("http://10.0.0.7/hooks");
  await page.getByRole("checkbox", { name: /gate\.failed/ }).check();
  await page.getByRole("button", { name: "Register webhook" }).click();
  await expect(page.getByText("10.0.0.7 is not an allowed webhook host: add it to GAVEL_WEBHOOK_HOSTS")).toBeVisible();
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);

  await page.getByLabel("URL").fill(`${origin}/flaky`);
  await page.getByRole("checkbox", { name: /gate\.failed/ }).check();
  await page.getByRole("button", { name: "Register webhook" }).click();
  await expect(page.getByText(`Registered ${origin}/flaky for gate.failed.`)).toBeVisible();
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: `${origin}/flaky` });
  secret = (await endpoint.getByTestId("webhook-secret").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
});

test("a CLI run that fails its gate: signed gate.failed, 500 twice, delivered on the third try, all three in the log", async ({ page }) => {
  test.setTimeout(180_000);
  const out = mkdtempSync(path.join(os.tmpdir(), "gavel-e2e-webhooks-"));
  const run = await gavel([
    "run",
    "datasets/refund",
    "--agent",
    "module:datasets/refund/agents.ts#regressedAgent",
    "--trials",
    "1",
    "--baseline",
    "none",
    "--out",
    out,
    "--quiet",
  ]);
  expect(run.code, run.stderr).toBe(1);
  // The run's record is the one file in --out, named by its id.
  const runId = readdirSync(out)
    .find((f) => f.endsWith(".json"))
    ?.replace(/\.json$/, "");

  // Other specs' runs on the same server fail gates too: only this run's deliveries count here.
  expect(runId).toBeTruthy();
  const ours = () => received.filter((r) => (JSON.parse(r.body) as { data?: { runId?: string } }).data?.runId === runId);
  await expect.poll(() => ours().filter((r) => r.answered === 200).length, { timeout: 60_000 }).toBe(1);
  const mine = ours();
  expect(mine.map((r) => r.answered)).toEqual([500, 500, 200]);
  expect(new Set(mine.map((r) => r.headers["webhook-id"])).size).toBe(1); // one message, three tries
  const verifier = new Webhook(secret);
  for (const delivery of mine) {
    const event = verifier.verify(delivery.body, delivery.headers) as {
      type: string;
      data: { gatePassed: boolean; runId: string; summary: string };
    };
    expect(event.type).toBe("gate.failed");
    expect(event.data.gatePassed).toBe(false);
    if (runId) expect(event.data.runId).toBe(runId);
  }
  // A tampered body fails the same check.
  expect(() => verifier.verify(mine[0]!.body.replace("gate.failed", "run.finished"), mine[0]!.headers)).toThrow();

  await signIn(page, account("admin"), "/webhooks");
  // Every gate.failed message meets the same receiver (500, 500, 200); other specs' runs may add theirs.
  const delivery = page.getByTestId("webhook-delivery").filter({ hasText: "gate.failed" }).first();
  await expect(delivery).toContainText("delivered");
  await expect(delivery).toContainText("3 attempts");
  const attempts = delivery.getByTestId("webhook-attempt");
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0)).toContainText("#1");
  await expect(attempts.nth(0)).toContainText("500");
  await expect(attempts.nth(0)).toContainText("receiver down (test)");
  await expect(attempts.nth(1)).toContainText("500");
  await expect(attempts.nth(2)).toContainText("200");
});

test("send test event: the endpoint gets a signed webhook.test", async ({ page }) => {
  const before = received.length;
  await signIn(page, account("admin"), "/webhooks");
  await page
    .getByTestId("webhook-endpoint")
    .filter({ hasText: `${origin}/flaky` })
    .getByRole("button", { name: "Send test event" })
    .click();
  const tests = () => received.slice(before).filter((r) => (JSON.parse(r.body) as { type?: string }).type === "webhook.test");
  await expect.poll(() => tests().filter((r) => r.answered === 200).length, { timeout: 30_000 }).toBe(1);
  const event = new Webhook(secret).verify(tests().at(-1)!.body, tests().at(-1)!.headers) as { type: string };
  expect(event.type).toBe("webhook.test");
});

test("an admin disables, enables and deletes an endpoint; each is in the audit log", async ({ page }) => {
  const url = `${origin}/spare-${Date.now()}`;
  await signIn(page, account("admin"), "/webhooks");
  await page.getByLabel("URL").fill(url);
  await page.getByRole("checkbox", { name: /run\.finished/ }).check();
  await page.getByRole("button", { name: "Register webhook" }).click();
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await expect(endpoint).toHaveCount(1);
  await endpoint.getByRole("button", { name: "Disable" }).click();
  await expect(endpoint.getByText("disabled", { exact: true })).toBeVisible();
  await expect(endpoint.getByRole("button", { name: "Send test event" })).toHaveCount(0);
  await endpoint.getByRole("button", { name: "Enable" }).click();
  await expect(endpoint.getByRole("button", { name: "Send test event" })).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await endpoint.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);

  await page.goto("/audit?type=webhook");
  const events = page.getByTestId("audit-events");
  for (const label of ["webhook registered", "webhook disabled or enabled", "webhook deleted", "webhook test event sent"])
    await expect(events.getByText(label).first()).toBeVisible();
  await expect(events.getByText(url).first()).toBeVisible();
});
