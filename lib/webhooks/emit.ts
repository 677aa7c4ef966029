import "server-only";
import type { Db, Tx } from "../db/client";
import { enqueueWebhookEvent } from "../db/webhooks";
import type { EventMessage, WebhookEvent } from "../webhook-events";

export interface EmitOptions {
  /** False in a CLI: the app's dispatcher delivers what it queued. */
  deliverNow?: boolean;
  /** See EnqueueOptions.dedupeKey. */
  dedupeKey?: string;
}

/**
 * Queues an event for every endpoint subscribed to it. Never throws into the caller: a run that
 * finished stays finished when a webhook table is unreachable (the error is logged).
 */
export async function emitWebhookEvent(type: WebhookEvent, data: EventMessage["data"], options: EmitOptions = {}): Promise<void> {
  try {
    const queued = await enqueueWebhookEvent({ type, timestamp: new Date().toISOString(), data }, { dedupeKey: options.dedupeKey });
    // The app process delivers at once; a CLI leaves the queued deliveries to the app's dispatcher.
    if (queued.length && options.deliverNow !== false) {
      const { kickWebhooks } = await import("./deliver");
      void kickWebhooks();
    }
  } catch (error) {
    console.error(`[webhooks] ${type} not queued:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Queues an event inside the caller's transaction (the transactional outbox): its deliveries exist
 * if and only if the change they report commits, and the dispatcher picks them up from then on.
 * Unlike emitWebhookEvent this throws: a failure rolls the change back with it, never half-written.
 */
export async function emitInTransaction(client: Db | Tx, type: WebhookEvent, data: EventMessage["data"]): Promise<void> {
  await enqueueWebhookEvent({ type, timestamp: new Date().toISOString(), data }, { client });
}
