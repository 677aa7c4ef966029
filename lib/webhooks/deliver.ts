import "server-only";
import type PgBoss from "pg-boss";
import { databaseProvider, databaseUrl } from "../database-url";
import { claimDueDeliveries, pendingDeliveries, recordAttempt, type AttemptOutcome } from "../db/webhooks";
import { webhookUrlProblem } from "./hosts";
import { webhookHeaders } from "./sign";

type EnvSource = Record<string, string | undefined>;

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 5;

/** The pg-boss queue of delivery attempts (PostgreSQL): one job per attempt, `{ deliveryId }`. */
export const WEBHOOK_QUEUE = "gavel-webhooks";

/**
 * Exponential backoff after attempt n (1-based): base · 4^(n-1), so with the default base of 30 s a
 * delivery is tried at 0, 30 s, 2 min, 8 min and 32 min. GAVEL_WEBHOOK_BACKOFF_MS sets the base.
 */
export function backoffMs(attempt: number, env: EnvSource = process.env): number {
  const raw = env.GAVEL_WEBHOOK_BACKOFF_MS?.trim();
  const base = raw ? Number(raw) : 30_000;
  if (!Number.isFinite(base) || base < 0) throw new Error(`GAVEL_WEBHOOK_BACKOFF_MS must be a number of milliseconds ≥ 0, not "${raw}".`);
  return base * 4 ** (attempt - 1);
}

const TIMEOUT_MS = 10_000;
const LEASE_MS = TIMEOUT_MS * 2;

type Delivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/** One attempt of one delivery: signed, no redirect followed, 10 s at most; the outcome is recorded. */
export async function attemptDelivery(delivery: Delivery, now: () => Date = () => new Date(), fetchImpl: typeof fetch = fetch) {
  const attempt = delivery.attempts + 1;
  const started = Date.now();
  const retryAt = attempt < MAX_ATTEMPTS ? new Date(now().getTime() + backoffMs(attempt)) : null;
  let outcome: AttemptOutcome;
  const problem = webhookUrlProblem(delivery.endpoint.url);
  if (problem) outcome = { ok: false, statusCode: null, response: `Not sent: ${problem}`, durationMs: 0, retryAt: null };
  else {
    const timestamp = Math.floor(now().getTime() / 1000);
    try {
      const response = await fetchImpl(delivery.endpoint.url, {
        method: "POST",
        headers: webhookHeaders(delivery.endpoint.secret, delivery.messageId, timestamp, delivery.body),
        body: delivery.body,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text().catch(() => "");
      const redirect = response.status >= 300 && response.status < 400;
      outcome = {
        ok: response.ok,
        statusCode: response.status,
        response: redirect ? `Redirect to ${response.headers.get("location") ?? "?"} not followed. ${text}` : text,
        durationMs: Date.now() - started,
        retryAt: response.ok ? null : retryAt,
      };
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      outcome = { ok: false, statusCode: null, response: message, durationMs: Date.now() - started, retryAt };
    }
  }
  await recordAttempt(delivery.id, attempt, outcome);
  return outcome;
}

/** Attempts every due delivery once (or only those named); returns the outcomes. */
export async function deliverDue(
  now: () => Date = () => new Date(),
  fetchImpl: typeof fetch = fetch,
  ids?: string[],
): Promise<{ id: string; attempt: number; outcome: AttemptOutcome }[]> {
  const due = await claimDueDeliveries(now(), LEASE_MS, 20, ids);
  return Promise.all(
    due.map(async (delivery) => ({
      id: delivery.id,
      attempt: delivery.attempts + 1,
      outcome: await attemptDelivery(delivery, now, fetchImpl),
    })),
  );
}

// ---- PostgreSQL: the job queue (pg-boss) -------------------------------------------------------

/** The pg-boss job of one attempt: due at the delivery's next attempt time; a repeat of (delivery, attempt) is dropped. */
function attemptJob(delivery: { id: string; attempts: number; nextAttemptAt: Date | null }): PgBoss.JobInsert<{ deliveryId: string }> {
  return {
    name: WEBHOOK_QUEUE,
    data: { deliveryId: delivery.id },
    singletonKey: `${delivery.id}:${delivery.attempts + 1}`,
    // The delivery row decides when and whether to attempt; pg-boss's own retries cover a handler
    // that crashed (a database error), not an endpoint that failed (that is a new job at retryAt).
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    ...(delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now() ? { startAfter: delivery.nextAttemptAt } : {}),
  };
}

/**
 * Hands pending deliveries to pg-boss: one job per (delivery, attempt), deduplicated by pg-boss's
 * singleton key, so handing the same delivery over twice queues one job.
 */
export async function queueDeliveries(boss: PgBoss, deliveries: { id: string; attempts: number; nextAttemptAt: Date | null }[]) {
  for (const delivery of deliveries) {
    const job = attemptJob(delivery);
    await boss.send(job.name, job.data!, { ...job, singletonSeconds: 3600 });
  }
}

/** A job: attempt the delivery if it is still pending and due, then queue the next attempt when one is due. */
export async function workDeliveryJob(boss: PgBoss, deliveryId: string, fetchImpl: typeof fetch = fetch) {
  const done = await deliverDue(() => new Date(), fetchImpl, [deliveryId]);
  for (const { id, attempt, outcome } of done)
    if (outcome.retryAt) await queueDeliveries(boss, [{ id, attempts: attempt, nextAttemptAt: outcome.retryAt }]);
}

const state = globalThis as typeof globalThis & {
  __gavelWebhookTimer?: NodeJS.Timeout;
  __gavelWebhookRunning?: boolean;
  __gavelWebhookBoss?: Promise<PgBoss>;
};

/** This process's pg-boss for webhooks (PostgreSQL only), opened once with the queue and its worker. */
export function webhookQueue(url = databaseUrl()): Promise<PgBoss> {
  state.__gavelWebhookBoss ??= (async () => {
    const { openQueue } = await import("../distributed/queue");
    const boss = await openQueue(url, { maintenanceIntervalSeconds: 60, poolSize: 2 });
    await boss.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, retryLimit: 3, retryDelay: 5, retryBackoff: true });
    await boss.work<{ deliveryId: string }>(WEBHOOK_QUEUE, { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await workDeliveryJob(boss, job.data.deliveryId);
    });
    return boss;
  })().catch((error) => {
    state.__gavelWebhookBoss = undefined;
    throw error;
  });
  return state.__gavelWebhookBoss;
}

/** Stops this process's webhook queue (tests, shutdown). */
export async function stopWebhookQueue() {
  const boss = state.__gavelWebhookBoss;
  state.__gavelWebhookBoss = undefined;
  if (boss) await (await boss).stop({ graceful: false, wait: true });
}

/**
 * The app process delivers. On PostgreSQL through the job queue (pg-boss): each attempt is a job,
 * a failed attempt queues the next one at its backoff time, and several app processes share the
 * queue. On SQLite in this process: due deliveries are attempted directly. Either way the
 * deliveries table is the log, and committed deliveries nobody handed over yet (written inside
 * another transaction, such as a judge's state change, or by a CLI) are picked up by a sweep
 * every `intervalMs` and at once after an event is queued.
 */
export function startWebhookDispatcher(intervalMs = 1000) {
  if (state.__gavelWebhookTimer) return;
  state.__gavelWebhookTimer = setInterval(() => void kickWebhooks(), intervalMs);
  state.__gavelWebhookTimer.unref();
  void kickWebhooks();
}

export async function kickWebhooks() {
  if (state.__gavelWebhookRunning) return;
  state.__gavelWebhookRunning = true;
  try {
    if (databaseProvider(databaseUrl()) === "postgres") {
      const boss = await webhookQueue();
      await queueDeliveries(boss, await pendingDeliveries(new Date()));
    } else while ((await deliverDue()).length > 0);
  } catch (error) {
    console.error("[webhooks]", error instanceof Error ? error.message : error);
  } finally {
    state.__gavelWebhookRunning = false;
  }
}
