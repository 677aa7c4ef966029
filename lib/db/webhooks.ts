import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { eventUrl, webhookBody, type EventMessage, type WebhookEvent, type WebhookFormat } from "../webhook-events";
import { recordAudit } from "./audit";
import { db, type Db, type Tx } from "./client";

export interface NewWebhookEndpoint {
  url: string;
  events: WebhookEvent[];
  secret: string;
  format: WebhookFormat;
  createdById: string | null;
}

/** Registers an endpoint and records webhook.created (the secret is never written to the audit log). */
export async function createWebhookEndpoint(input: NewWebhookEndpoint) {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: { url: input.url, events: input.events.join(" "), secret: input.secret, format: input.format, createdById: input.createdById },
    });
    await recordAudit(tx, {
      actorId: input.createdById,
      action: "webhook.created",
      targetId: endpoint.id,
      details: { url: endpoint.url, events: input.events, format: input.format },
    });
    return endpoint;
  });
}

/**
 * Disables (no new deliveries are queued for it; queued ones are not attempted) or enables an
 * endpoint, with webhook.updated. Returns null for an unknown endpoint; no event when nothing changes.
 */
export async function setWebhookEndpointDisabled(id: string, disabled: boolean, actorId: string | null, now = new Date()) {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id } });
    if (!endpoint) return null;
    if ((endpoint.disabledAt !== null) === disabled) return endpoint;
    const updated = await tx.webhookEndpoint.update({ where: { id }, data: { disabledAt: disabled ? now : null } });
    await recordAudit(tx, {
      actorId,
      action: "webhook.updated",
      targetId: id,
      details: { url: endpoint.url, change: disabled ? "disabled" : "enabled" },
    });
    return updated;
  });
}

/** Removes an endpoint with its delivery log, and records webhook.deleted. False: no such endpoint. */
export async function deleteWebhookEndpoint(id: string, actorId: string | null): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, include: { _count: { select: { deliveries: true } } } });
    if (!endpoint) return false;
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordAudit(tx, {
      actorId,
      action: "webhook.deleted",
      targetId: id,
      details: { url: endpoint.url, events: endpoint.events.split(" "), deliveries: endpoint._count.deliveries },
    });
    return true;
  });
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

export interface EnqueueOptions {
  /** Only this endpoint, whatever it subscribes to (the test event). */
  endpointId?: string;
  /** Who sent a test event, for its audit event (webhook.test_sent); only with endpointId. */
  testSentBy?: string | null;
  /**
   * The caller's transaction: the deliveries commit with the change they report, or not at all
   * (a rolled-back state change sends nothing). They are picked up once committed.
   */
  client?: Db | Tx;
  /**
   * Makes the event idempotent: a second event with the same key for the same endpoint is dropped
   * (the message id is derived from it), so two processes noticing the same thing send it once.
   */
  dedupeKey?: string;
}

/**
 * One delivery per endpoint that subscribes to the event (or, for the test event, to the one
 * endpoint named), each with its own message id, due now. Returns the new deliveries' ids.
 */
export async function enqueueWebhookEvent(message: EventMessage, options: EnqueueOptions = {}): Promise<string[]> {
  const client = options.client ?? db();
  const endpoints = await client.webhookEndpoint.findMany({
    where: { disabledAt: null, ...(options.endpointId ? { id: options.endpointId } : {}) },
    select: { id: true, events: true, format: true },
  });
  const targets = options.endpointId ? endpoints : endpoints.filter((endpoint) => endpoint.events.split(" ").includes(message.type));
  const now = new Date();
  const ids: string[] = [];
  for (const endpoint of targets) {
    const messageId = options.dedupeKey
      ? `msg_${createHash("sha256").update(`${endpoint.id}\n${message.type}\n${options.dedupeKey}`).digest("hex").slice(0, 32)}`
      : `msg_${randomUUID().replaceAll("-", "")}`;
    if (options.dedupeKey && (await client.webhookDelivery.findUnique({ where: { messageId }, select: { id: true } }))) continue;
    const data = {
      endpointId: endpoint.id,
      messageId,
      event: message.type,
      body: webhookBody(message, endpoint.format as WebhookFormat),
      nextAttemptAt: now,
    };
    try {
      ids.push((await client.webhookDelivery.create({ data, select: { id: true } })).id);
    } catch (error) {
      // Another process queued the same idempotent event between the look-up and the insert.
      if (options.dedupeKey && (error as { code?: string }).code === "P2002") continue;
      throw error;
    }
  }
  if (options.endpointId && options.testSentBy !== undefined)
    await recordAudit(client, {
      actorId: options.testSentBy,
      action: "webhook.test_sent",
      targetId: options.endpointId,
      details: { deliveries: ids.length },
    });
  return ids;
}

/** Pending deliveries due by `until` (endpoint enabled): what the dispatcher hands to the job queue or attempts. */
export async function pendingDeliveries(until: Date, limit = 200) {
  return db().webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: until }, endpoint: { disabledAt: null } },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true, attempts: true, nextAttemptAt: true },
  });
}

/**
 * Claims deliveries for `leaseMs`: each claim is a conditional update (pending, due, unclaimed or
 * lease expired, endpoint enabled), so two processes never attempt one delivery at once and a
 * duplicate job finds nothing to do. Without ids: up to `limit` of the due ones.
 */
export async function claimDueDeliveries(now: Date, leaseMs: number, limit = 20, ids?: string[]) {
  const due = await db().webhookDelivery.findMany({
    where: {
      ...(ids ? { id: { in: ids } } : {}),
      status: "pending",
      nextAttemptAt: { lte: now },
      endpoint: { disabledAt: null },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
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

/**
 * queue.completed, when a label set has no item short of its labels any more: called after a label
 * is committed. Idempotent per (label set, item count, rubric version): two last labels landing at
 * once, or a second look, queue it once; a set that grows (label more) and is finished again sends
 * it again. Never throws: the label is saved whatever happens here (the error is logged).
 */
export async function noticeQueueCompleted(queueId: string): Promise<string[]> {
  try {
    const queue = await db().labelQueue.findUnique({
      where: { id: queueId },
      select: { id: true, name: true, reviewersPerItem: true, rubricVersion: true },
    });
    if (!queue) return [];
    const open = await db().queueItem.findFirst({
      where: { queueId, labelCount: { lt: queue.reviewersPerItem } },
      select: { id: true },
    });
    if (open) return [];
    const [items, labels] = await Promise.all([db().queueItem.count({ where: { queueId } }), db().label.count({ where: { queueId } })]);
    if (items === 0) return [];
    return await enqueueWebhookEvent(
      {
        type: "queue.completed",
        timestamp: new Date().toISOString(),
        data: {
          queueId,
          queue: queue.name,
          items,
          labels,
          reviewersPerItem: queue.reviewersPerItem,
          rubricVersion: queue.rubricVersion,
          summary: `Label set ${queue.name} is complete: all ${items} items have their ${queue.reviewersPerItem} label${queue.reviewersPerItem === 1 ? "" : "s"}.`,
          url: eventUrl(`/label/${encodeURIComponent(queueId)}`),
        },
      },
      { dedupeKey: `${queueId}:${items}:${queue.rubricVersion}` },
    );
  } catch (error) {
    console.error("[webhooks] queue.completed not queued:", error instanceof Error ? error.message : error);
    return [];
  }
}
