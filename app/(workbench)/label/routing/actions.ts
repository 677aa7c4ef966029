"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { createIngestRule, deleteIngestRule, listIngestRules, updateIngestRule } from "@/lib/db/ingest";
import { UserError } from "@/lib/errors";
import { ingestRuleId, ingestRuleInput, ingestRuleToggle } from "@/lib/schemas/ingest-rules";

export const createRuleAction = defineAction("queues:manage", ingestRuleInput, async (input, user) => {
  const rule = await createIngestRule(input, user.id);
  revalidatePath("/label/routing");
  return { message: `Rule "${rule.name}" created: matching live traces go to its label set from now on.` };
});

export const toggleRuleAction = defineAction("queues:manage", ingestRuleToggle, async ({ ruleId, enabled }, user) => {
  const rule = (await listIngestRules()).find((r) => r.id === ruleId);
  if (!rule) throw new UserError("That routing rule no longer exists.", 404);
  const { name, service, attributeKey, attributeValue, sampleRate, queueId } = rule;
  await updateIngestRule(ruleId, { name, service, attributeKey, attributeValue, sampleRate, queueId, enabled }, user.id);
  revalidatePath("/label/routing");
  return { message: `Rule "${name}" ${enabled ? "enabled" : "disabled"}.` };
});

export const deleteRuleAction = defineAction("queues:manage", ingestRuleId, async ({ ruleId }, user) => {
  await deleteIngestRule(ruleId, user.id);
  revalidatePath("/label/routing");
  return { message: "Rule deleted: traces it matched are now routed by the rules below it, or unrouted." };
});
