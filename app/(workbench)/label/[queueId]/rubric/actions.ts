"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { newRubricVersion } from "@/lib/db/rubric";
import { addWorkedExample, removeWorkedExample } from "@/lib/db/worked-examples";
import { goldChanged } from "@/lib/judging/gold-changed";
import { newRubricInput } from "@/lib/schemas/adjudication";
import { addWorkedExampleInput, removeWorkedExampleInput } from "@/lib/schemas/worked-examples";

export const newRubricAction = defineAction("queues:manage", newRubricInput, async (input, user) => {
  const queue = await newRubricVersion(input.queueId, input.rubric, user.id);
  goldChanged(queue.id);
  revalidatePath(`/label/${queue.id}`, "layout");
  return {
    message: `Rubric v${queue.rubricVersion} is now current. Labels and gold labels of earlier versions are kept with their version.`,
  };
});

export const addExampleAction = defineAction("queues:manage", addWorkedExampleInput, async (input, user) => {
  const example = await addWorkedExample(user.id, input);
  revalidatePath(`/label/${input.queueId}`, "layout");
  return {
    message: `Worked example added to rubric v${example.rubricVersion} (expected ${example.expectedValue}). Reviewers see it in the guideline panel.`,
  };
});

export const removeExampleAction = defineAction("queues:manage", removeWorkedExampleInput, async (input, user) => {
  await removeWorkedExample(user.id, input);
  revalidatePath(`/label/${input.queueId}`, "layout");
  return { message: "Worked example removed." };
});
