"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { decide } from "@/lib/db/adjudication";
import { goldChanged } from "@/lib/judging/gold-changed";
import { decideInput } from "@/lib/schemas/adjudication";

export const decideAction = defineAction("labels:adjudicate", decideInput, async (input, user) => {
  const { gold, queue } = await decide({ ...input, adjudicatorId: user.id });
  goldChanged(queue.id);
  revalidatePath(`/label/${queue.id}/agreement`);
  return {
    message: `Gold label ${gold.value} saved (rubric v${gold.rubricVersion}).`,
    data: { transcriptId: gold.transcriptId, value: gold.value },
  };
});
