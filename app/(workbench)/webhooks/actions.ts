"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { createWebhookEndpoint, deleteWebhookEndpoint, enqueueWebhookEvent, findWebhookEndpoint } from "@/lib/db/webhooks";
import { UserError } from "@/lib/errors";
import { webhookEndpointId, webhookEndpointInput } from "@/lib/schemas/webhooks";
import { kickWebhooks } from "@/lib/webhooks/deliver";
import type { WebhookEvent } from "@/lib/webhook-events";
import { newWebhookSecret } from "@/lib/webhooks/sign";

export const registerWebhookAction = defineAction("settings:manage", webhookEndpointInput, async (input, actor) => {
  const endpoint = await createWebhookEndpoint({
    url: input.url,
    events: input.events as WebhookEvent[],
    format: input.format,
    secret: input.secret ?? newWebhookSecret(),
    createdById: actor.id,
  });
  revalidatePath("/webhooks");
  return { message: `Registered ${endpoint.url} for ${input.events.join(", ")}.` };
});

export const sendTestEventAction = defineAction("settings:manage", webhookEndpointId, async (input, actor) => {
  const endpoint = await findWebhookEndpoint(input.endpointId);
  if (!endpoint) throw new UserError("No such webhook endpoint.", 404);
  await enqueueWebhookEvent(
    { type: "webhook.test", timestamp: new Date().toISOString(), data: { summary: `A test event from Gavel, sent by ${actor.email}.` } },
    { endpointId: endpoint.id },
  );
  await kickWebhooks();
  revalidatePath("/webhooks");
  return { message: `Test event sent to ${endpoint.url}: see its delivery log.` };
});

export const deleteWebhookAction = defineAction("settings:manage", webhookEndpointId, async (input) => {
  await deleteWebhookEndpoint(input.endpointId);
  revalidatePath("/webhooks");
  return { message: "Webhook removed." };
});
