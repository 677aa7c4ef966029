import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseProvider } from "../database-url";
import { decide } from "../db/adjudication";
import { listAuditEvents } from "../db/audit";
import { db } from "../db/client";
import { queryRows } from "../db/temp-database";
import { moveApproval } from "../db/judge-lifecycle";
import { submitLabel } from "../db/labeling/submit";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enqueueWebhookEvent,
  noticeQueueCompleted,
  setWebhookEndpointDisabled,
} from "../db/webhooks";
import { approveJudgeVersion, loadJudgeStatus, revokeApproval } from "../judging/approvals";
import { runCanary } from "../judging/canary-run";
import { recheckJudge } from "../judging/recheck";
import { lastUserText, startMockLlmServer, type MockLlmServer } from "../providers/mock-server";
import { addItemsToLabelSet, seedLabelSet, seedUser } from "../testing/seed-judges";
import { passFailItems, seedCalibratedJudge } from "../testing/seed-gating-judge";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { kickWebhooks, stopWebhookQueue, WEBHOOK_QUEUE } from "./deliver";
import { newWebhookSecret } from "./sign";

const database = withTestDatabase();
const onPostgres = databaseProvider(inject("baseDatabaseUrl")) === "postgres";

/** The judge answers right, or (mode.wrong) the opposite: a canary re-check then demotes it. */
const mode = { wrong: false };
let llm: MockLlmServer;

/** A receiver on 127.0.0.1 that answers `plan` in turn (then 200) and keeps what it got. */
interface Receiver {
  url: string;
  got: { headers: Record<string, string>; body: string; status: number }[];
  plan: number[];
  close: () => Promise<void>;
}
async function startReceiver(plan: number[] = []): Promise<Receiver> {
  const receiver = { got: [], plan } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const status = receiver.plan.shift() ?? 200;
      receiver.got.push({ headers: req.headers as Record<string, string>, body, status });
      res.writeHead(status).end(status === 200 ? "ok" : "try later");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

beforeAll(async () => {
  llm = await startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const good = lastUserText(body).includes("good answer");
      return { text: good !== mode.wrong ? "PASS: ok" : "FAIL: no" };
    },
  });
});
afterAll(async () => {
  await stopWebhookQueue();
  await llm.close();
});

/** A judge version calibrated (not yet approved) on its own 40-item label set. */
async function calibratedVersion(name: string) {
  const admin = await seedUser("hooks-admin@example.com");
  const set = await seedLabelSet({ name: `${name}-set`, kind: "binary", items: passFailItems(name, 20) });
  const version = await seedCalibratedJudge(name, { baseUrl: llm.baseUrl, queueId: set.queueId, calibratedBy: admin.id });
  return { admin, set, version };
}

type EndpointInput = Parameters<typeof createWebhookEndpoint>[0];

/** An endpoint as most tests here want it: the standard format, a fresh secret and no creator, unless `more` says otherwise. */
function testEndpoint(url: string, events: EndpointInput["events"], more: Partial<EndpointInput> = {}) {
  return createWebhookEndpoint({ url, events, secret: newWebhookSecret(), format: "standard", createdById: null, ...more });
}

/** The judge.state_changed events queued for an endpoint about one version, oldest first. */
async function stateEvents(endpointId: string, judgeVersionId: string) {
  const rows = await db().webhookDelivery.findMany({ where: { endpointId, event: "judge.state_changed" }, orderBy: { createdAt: "asc" } });
  return rows
    .map((row) => JSON.parse(row.body) as { type: string; data: { judgeVersionId: string; from: string; to: string; reason: string } })
    .filter((message) => message.data.judgeVersionId === judgeVersionId)
    .map((message) => `${message.data.from}→${message.data.to}`);
}

describe("judge.state_changed", () => {
  it(
    "is queued once per change (approved, stale, recalibrated, demoted, revoked) with from, to and reason",
    { timeout: 120_000 },
    async () => {
      const endpoint = await testEndpoint("http://127.0.0.1:9/hook", ["judge.state_changed"]);
      // shadow → gating, gating → stale (a new gold label), stale → gating (recalibrated), gating → demoted (canary).
      const a = await calibratedVersion("hook-a");
      await approveJudgeVersion(a.version.id, a.admin.id);
      expect(await stateEvents(endpoint.id, a.version.id)).toEqual(["shadow→gating"]);
      const added = await addItemsToLabelSet(a.set.queueId, [{ key: "late", split: "test", output: "good answer late", gold: null }]);
      await decide({ queueId: a.set.queueId, transcriptId: added.transcriptIds.late!, value: "pass", adjudicatorId: a.admin.id });
      expect(await stateEvents(endpoint.id, a.version.id)).toEqual(["shadow→gating", "gating→stale"]);
      await recheckJudge(a.version.id);
      expect(await stateEvents(endpoint.id, a.version.id)).toEqual(["shadow→gating", "gating→stale", "stale→gating"]);
      mode.wrong = true;
      try {
        await runCanary(await loadJudgeStatus(a.version.id));
      } finally {
        mode.wrong = false;
      }
      expect(await stateEvents(endpoint.id, a.version.id)).toEqual(["shadow→gating", "gating→stale", "stale→gating", "gating→demoted"]);
      // Noticing again changes nothing and sends nothing.
      await recheckJudge(a.version.id).catch(() => undefined);
      const b = await calibratedVersion("hook-b");
      await approveJudgeVersion(b.version.id, b.admin.id);
      await revokeApproval(b.version.id, b.admin.id, "retired");
      expect(await stateEvents(endpoint.id, b.version.id)).toEqual(["shadow→gating", "gating→revoked"]);
      // One event per audited transition, body for body.
      for (const version of [a.version.id, b.version.id]) {
        const audited = (await listAuditEvents({ targetType: "judge_version", targetId: version, limit: 100 })).filter(
          (e) => e.action !== "judge.canary_checked" && e.action !== "judge_version.created",
        );
        expect((await stateEvents(endpoint.id, version)).length).toBe(audited.length);
      }
      const revoked = await db().webhookDelivery.findFirstOrThrow({
        where: { endpointId: endpoint.id, body: { contains: '"to":"revoked"' } },
      });
      expect(JSON.parse(revoked.body)).toMatchObject({
        type: "judge.state_changed",
        data: { judgeVersionId: b.version.id, judge: "hook-b", from: "gating", to: "revoked", reason: expect.stringContaining("retired") },
      });
    },
  );

  it("sends nothing when the change is rolled back: the event is written in the change's own transaction", async () => {
    const endpoint = await testEndpoint("http://127.0.0.1:9/rollback", ["judge.state_changed"]);
    const c = await calibratedVersion("hook-c");
    await approveJudgeVersion(c.version.id, c.admin.id);
    const approval = await db().approval.findFirstOrThrow({ where: { judgeVersionId: c.version.id } });
    await expect(
      db().$transaction(async (tx) => {
        expect(await moveApproval(tx, approval, "gating", "revoked", { actorId: c.admin.id, reason: "rolled back" })).not.toBeNull();
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await stateEvents(endpoint.id, c.version.id)).toEqual(["shadow→gating"]);
    expect((await db().approval.findUniqueOrThrow({ where: { id: approval.id } })).state).toBe("gating");
  });
});

describe("queue.completed", () => {
  it("is queued when the last needed label lands, once, and again after the set grows and is finished", async () => {
    const endpoint = await testEndpoint("http://127.0.0.1:9/queues", ["queue.completed"]);
    const seeded = await seedQueue({ name: "hook-queue", reviewersPerItem: 2, items: [{ key: "q0" }, { key: "q1" }] });
    const [r1, r2] = [await seedUser("hook-r1@example.com", "reviewer"), await seedUser("hook-r2@example.com", "reviewer")];
    const completed = () => db().webhookDelivery.count({ where: { endpointId: endpoint.id, event: "queue.completed" } });
    const label = (who: { id: string }, key: string) =>
      submitLabel(who.id, { queueId: seeded.queueId, queueItemId: seeded.queueItemIds[key]!, value: "pass" });
    await label(r1, "q0");
    await label(r1, "q1");
    await label(r2, "q0");
    expect(await completed()).toBe(0); // q1 still needs its second label
    await label(r2, "q1");
    expect(await completed()).toBe(1);
    const body = JSON.parse((await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).body);
    expect(body).toMatchObject({ type: "queue.completed", data: { queueId: seeded.queueId, queue: "hook-queue", items: 2, labels: 4 } });
    expect(await noticeQueueCompleted(seeded.queueId)).toEqual([]); // a second look sends nothing
    expect(await completed()).toBe(1);
  });
});

describe("endpoints: disable, delete, audit", () => {
  it("a disabled endpoint gets nothing; each create/update/delete/test send is one audit event", async () => {
    const admin = await seedUser("hooks-admin@example.com");
    const endpoint = await testEndpoint("http://127.0.0.1:9/managed", ["run.finished"], { format: "slack", createdById: admin.id });
    const message = { type: "run.finished" as const, timestamp: "t", data: { summary: "s" } };
    await setWebhookEndpointDisabled(endpoint.id, true, admin.id);
    await setWebhookEndpointDisabled(endpoint.id, true, admin.id); // no change, no event
    expect((await enqueueWebhookEvent(message)).length).toBe(0);
    await setWebhookEndpointDisabled(endpoint.id, false, admin.id);
    const [queued] = await enqueueWebhookEvent(message);
    expect(JSON.parse((await db().webhookDelivery.findUniqueOrThrow({ where: { id: queued! } })).body)).toEqual({
      text: "*Gavel · run.finished*: s",
    });
    await enqueueWebhookEvent({ ...message, type: "webhook.test" }, { endpointId: endpoint.id, testSentBy: admin.id });
    expect(await deleteWebhookEndpoint(endpoint.id, admin.id)).toBe(true);
    expect(await deleteWebhookEndpoint(endpoint.id, admin.id)).toBe(false);
    expect(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    const events = await listAuditEvents({ targetType: "webhook", targetId: endpoint.id });
    expect(events.map((e) => e.action).reverse()).toEqual([
      "webhook.created",
      "webhook.updated",
      "webhook.updated",
      "webhook.test_sent",
      "webhook.deleted",
    ]);
    expect(JSON.stringify(events.map((e) => e.details))).not.toContain(endpoint.secret);
  });
});

describe(`delivery ${onPostgres ? "through the job queue (pg-boss)" : "in-process (SQLite)"}`, () => {
  it("a receiver answering 500 twice gets the signed event on the third try; the log has all three", { timeout: 60_000 }, async () => {
    process.env.GAVEL_WEBHOOK_BACKOFF_MS = "50";
    const receiver = await startReceiver([500, 500]);
    try {
      const secret = newWebhookSecret();
      const endpoint = await testEndpoint(receiver.url, ["gate.failed"], { secret });
      const [id] = await enqueueWebhookEvent({ type: "gate.failed", timestamp: "t", data: { summary: "Gate failed on run r1." } });
      const deadline = Date.now() + 30_000;
      while (receiver.got.length < 3 && Date.now() < deadline) {
        await kickWebhooks();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(receiver.got.map((g) => g.status)).toEqual([500, 500, 200]);
      const last = receiver.got[2]!;
      expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ type: "gate.failed" });
      expect(new Set(receiver.got.map((g) => g.headers["webhook-id"])).size).toBe(1);
      let delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: id! }, include: { attemptsLog: true } });
      for (let i = 0; delivery.status !== "delivered" && i < 50; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: id! }, include: { attemptsLog: true } });
      }
      expect(delivery).toMatchObject({ status: "delivered", attempts: 3, endpointId: endpoint.id });
      expect(delivery.attemptsLog.map((a) => a.statusCode).sort()).toEqual([200, 500, 500]);
      if (onPostgres) {
        // Each attempt was a pg-boss job on Gavel's queue. pg-boss marks a job completed after its handler
        // returns, so the last one may still be active for a moment after the delivery row says delivered.
        const completed = async () =>
          (
            await queryRows(
              database.url(),
              `SELECT state FROM pgboss.job WHERE name = '${WEBHOOK_QUEUE}' AND data->>'deliveryId' = '${id}'`,
            )
          ).filter((row) => row.state === "completed").length;
        let done = await completed();
        for (let i = 0; done < 3 && i < 50; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          done = await completed();
        }
        expect(done).toBeGreaterThanOrEqual(3);
      }
    } finally {
      delete process.env.GAVEL_WEBHOOK_BACKOFF_MS;
      await receiver.close();
    }
  });
});
