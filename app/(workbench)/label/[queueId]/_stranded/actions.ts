"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { reopenStranded } from "@/lib/db/labeling/stranded";
import { reopenStrandedInput } from "@/lib/schemas/my-labels";

/** One-click reassignment of stranded items: their skips are cleared, so the whole pool is offered them again. */
export const reopenStrandedAction = defineAction("labels:adjudicate", reopenStrandedInput, async (input, user) => {
  const reopened = await reopenStranded(user.id, input);
  revalidatePath(`/label/${input.queueId}`);
  const n = reopened.items;
  const still =
    reopened.stillStranded > 0 ? ` ${reopened.stillStranded} still cannot be finished: assign more reviewers to the queue.` : "";
  return { message: `Reopened ${n} item${n === 1 ? "" : "s"}: ${n === 1 ? "it is" : "they are"} offered to every reviewer again.${still}` };
});
