import "server-only";
import { randomUUID } from "node:crypto";
import { webhookBody, type EventMessage, type WebhookEvent, type WebhookFormat } from "../webhook-events";
import { db } from "./client";

export interface NewWebhookEndpoint {
  url: string;
  events: WebhookEvent[];
  secret: string;
  format: WebhookFormat;
  createdById: string | null;
}

export async function createWebhookEndpoint(input: NewWebhookEndpoint) {
  return db().webhookEndpoint.create({
    data: { url: input.url, events: input.events.join(" "), secret: input.secret, format: input.format, createdById: input.createdById },
  });
}

export async function deleteWebhookEndpoint(id: string) {
  await db().webhookEndpoint.deleteMany({ where: { id } });
}

export async function findWebhookEndpoint(id: string) {
  return db().webhookEndpoint.findUnique({ where: { id } });
}

/** Every endpoint with its newest deliveries and each one's attempts: the admin page's delivery log. */
export async function listWebhookEndpoints(deliveriesPerEndpoint = 20) {
  return db().webhookEndpoint.findMany({
    orderBy: { createdAt: "asc" },
    include: {
      deliveries: {
        orderBy: { createdAt: "desc" },
        take: deliveriesPerEndpoint,
        include: { attemptsLog: { orderBy: { attempt: "asc" } } },
      },
    },
  });
}

/**
 * One delivery per endpoint that subscribes to the event (or, for the test event, to the one
 * endpoint named), each with its own message id, due now. Returns how many were queued.
 */
export async function enqueueWebhookEvent(message: EventMessage, only?: { endpointId: string }): Promise<number> {
  const endpoints = await db().webhookEndpoint.findMany({
    where: { disabledAt: null, ...(only ? { id: only.endpointId } : {}) },
    select: { id: true, events: true, format: true },
  });
  const targets = only ? endpoints : endpoints.filter((endpoint) => endpoint.events.split(" ").includes(message.type));
  if (!targets.length) return 0;
  const now = new Date();
  await db().webhookDelivery.createMany({
    data: targets.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: `msg_${randomUUID().replaceAll("-", "")}`,
      event: message.type,
      body: webhookBody(message, endpoint.format as WebhookFormat),
      nextAttemptAt: now,
    })),
  });
  return targets.length;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: each claim is a conditional update, so two
 * processes polling the same database never attempt one delivery at once.
 */
export async function claimDueDeliveries(now: Date, leaseMs: number, limit = 20) {
  const due = await db().webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true, lockedUntil: true },
  });
  const claimed: string[] = [];
  for (const delivery of due) {
    const { count } = await db().webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending", lockedUntil: delivery.lockedUntil },
      data: { lockedUntil: new Date(now.getTime() + leaseMs) },
    });
    if (count === 1) claimed.push(delivery.id);
  }
  if (!claimed.length) return [];
  return db().webhookDelivery.findMany({ where: { id: { in: claimed } }, include: { endpoint: true } });
}

export interface AttemptOutcome {
  statusCode: number | null;
  response: string;
  durationMs: number;
  ok: boolean;
  /** When to try again; null: no more tries (delivered, or the last attempt failed). */
  retryAt: Date | null;
}

/** Records one attempt and moves the delivery on: delivered, pending again (with its next time), or failed. */
export async function recordAttempt(deliveryId: string, attempt: number, outcome: AttemptOutcome) {
  await db().$transaction([
    db().webhookAttempt.create({
      data: {
        deliveryId,
        attempt,
        statusCode: outcome.statusCode,
        response: outcome.response.slice(0, 2000),
        durationMs: outcome.durationMs,
      },
    }),
    db().webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: attempt,
        status: outcome.ok ? "delivered" : outcome.retryAt ? "pending" : "failed",
        nextAttemptAt: outcome.ok ? null : outcome.retryAt,
        lockedUntil: null,
      },
    }),
  ]);
}
