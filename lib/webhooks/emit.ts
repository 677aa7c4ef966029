import "server-only";
import { enqueueWebhookEvent } from "../db/webhooks";
import type { EventMessage, WebhookEvent } from "../webhook-events";

/**
 * Queues an event for every endpoint subscribed to it. Never throws into the caller: a run that
 * finished stays finished when a webhook table is unreachable (the error is logged).
 */
export async function emitWebhookEvent(
  type: WebhookEvent,
  data: EventMessage["data"],
  options: { deliverNow?: boolean } = {},
): Promise<void> {
  try {
    const queued = await enqueueWebhookEvent({ type, timestamp: new Date().toISOString(), data });
    // The app process delivers at once; a CLI leaves the queued deliveries to the app's dispatcher.
    if (queued && options.deliverNow !== false) {
      const { kickWebhooks } = await import("./deliver");
      void kickWebhooks();
    }
  } catch (error) {
    console.error(`[webhooks] ${type} not queued:`, error instanceof Error ? error.message : error);
  }
}
