import "server-only";
import { claimDueDeliveries, recordAttempt, type AttemptOutcome } from "../db/webhooks";
import { webhookUrlProblem } from "./hosts";
import { webhookHeaders } from "./sign";

type EnvSource = Record<string, string | undefined>;

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 5;

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

/** Attempts every due delivery once; returns how many were attempted. */
export async function deliverDue(now: () => Date = () => new Date(), fetchImpl: typeof fetch = fetch): Promise<number> {
  const due = await claimDueDeliveries(now(), TIMEOUT_MS * 2);
  await Promise.all(due.map((delivery) => attemptDelivery(delivery, now, fetchImpl)));
  return due.length;
}

const state = globalThis as typeof globalThis & { __gavelWebhookTimer?: NodeJS.Timeout; __gavelWebhookRunning?: boolean };

/**
 * The app process delivers: a poll of the deliveries table every second (started at boot by
 * instrumentation.ts, and kicked when an event is queued). The table is the queue on either
 * database; claims are leases, so several app processes share it safely.
 */
export function startWebhookDispatcher(intervalMs = 1000) {
  if (state.__gavelWebhookTimer) return;
  state.__gavelWebhookTimer = setInterval(() => void kickWebhooks(), intervalMs);
  state.__gavelWebhookTimer.unref();
}

export async function kickWebhooks() {
  if (state.__gavelWebhookRunning) return;
  state.__gavelWebhookRunning = true;
  try {
    while ((await deliverDue()) > 0);
  } catch (error) {
    console.error("[webhooks]", error instanceof Error ? error.message : error);
  } finally {
    state.__gavelWebhookRunning = false;
  }
}
