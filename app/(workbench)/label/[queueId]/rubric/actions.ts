"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { newRubricVersion } from "@/lib/db/rubric";
import { goldChanged } from "@/lib/judging/gold-changed";
import { newRubricInput } from "@/lib/schemas/adjudication";

export const newRubricAction = defineAction("queues:manage", newRubricInput, async (input, user) => {
  const queue = await newRubricVersion(input.queueId, input.rubric, user.id);
  goldChanged(queue.id);
  revalidatePath(`/label/${queue.id}`, "layout");
  return {
    message: `Rubric v${queue.rubricVersion} is now current. Labels and gold labels of earlier versions are kept with their version.`,
  };
});
