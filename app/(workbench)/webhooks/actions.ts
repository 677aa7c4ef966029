"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/auth/action";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enqueueWebhookEvent,
  findWebhookEndpoint,
  setWebhookEndpointDisabled,
} from "@/lib/db/webhooks";
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
  if (endpoint.disabledAt) throw new UserError("This endpoint is disabled: enable it to send a test event.", 409);
  await enqueueWebhookEvent(
    { type: "webhook.test", timestamp: new Date().toISOString(), data: { summary: `A test event from Gavel, sent by ${actor.email}.` } },
    { endpointId: endpoint.id, testSentBy: actor.id },
  );
  await kickWebhooks();
  revalidatePath("/webhooks");
  return { message: `Test event sent to ${endpoint.url}: see its delivery log.` };
});

const toggleInput = webhookEndpointId.extend({
  disabled: z.enum(["true", "false"], { error: "disabled is true or false." }).transform((v) => v === "true"),
});

export const setWebhookDisabledAction = defineAction("settings:manage", toggleInput, async (input, actor) => {
  const endpoint = await setWebhookEndpointDisabled(input.endpointId, input.disabled, actor.id);
  if (!endpoint) throw new UserError("No such webhook endpoint.", 404);
  revalidatePath("/webhooks");
  return { message: `${endpoint.url} ${input.disabled ? "disabled: nothing is sent to it" : "enabled"}.` };
});

export const deleteWebhookAction = defineAction("settings:manage", webhookEndpointId, async (input, actor) => {
  if (!(await deleteWebhookEndpoint(input.endpointId, actor.id))) throw new UserError("No such webhook endpoint.", 404);
  revalidatePath("/webhooks");
  return { message: "Webhook deleted, with its delivery log." };
});
