"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { orderDevByInformativeness } from "@/lib/db/sampling";
import { labelMore } from "@/lib/judging/label-more";
import { labelMoreInput, orderDevInput } from "@/lib/schemas/sampling";

/** A page waits for the judge to sort the pool; bigger pools belong to `gavel judge run`. */
const MAX_CALLS_FROM_PAGE = 500;

export const labelMoreAction = defineAction("queues:manage", labelMoreInput, async (input, user) => {
  const draw = await labelMore({
    versionId: input.versionId,
    queueId: input.queueId,
    size: input.size,
    actorId: user.id,
    maxCalls: MAX_CALLS_FROM_PAGE,
  });
  revalidatePath(`/judges/versions/${input.versionId}`);
  const strata = draw.strata
    .filter((s) => s.drawn > 0)
    .map((s) => `${s.drawn} where the judge said "${s.stratum}" (π = ${s.probability.toFixed(3)})`);
  return {
    message: `Added ${draw.added} items to the test split, stratified by the judge's verdict: ${strata.join(", ")}.${draw.judged ? ` The judge first sorted ${draw.judged} unlabeled transcripts.` : ""} Reviewers can label them now; then run and calibrate on test.`,
  };
});

export const orderDevAction = defineAction("queues:manage", orderDevInput, async (input, user) => {
  const result = await orderDevByInformativeness(input.queueId, user.id);
  revalidatePath(`/judges/versions/${input.versionId}`);
  return {
    message: `Dev split reordered: ${result.moved} of ${result.devItems} dev items, where the judges disagree with each other, with themselves or with the human majority, now come first. The test split keeps its random order.`,
  };
});
