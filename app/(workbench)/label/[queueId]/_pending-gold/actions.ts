"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { decideGoldChange } from "@/lib/db/pending-gold";
import { goldChanged } from "@/lib/judging/gold-changed";
import { goldChangeDecisionInput } from "@/lib/schemas/adjudication";

/**
 * A second person confirms or rejects a held gold change. Who may (an adjudicator, or another reviewer who labeled
 * the item; never its proposer) is decided in lib/db/pending-gold.ts, so the scope here is only "signed in and may read".
 */
export const decideGoldChangeAction = defineAction("read", goldChangeDecisionInput, async (input, user) => {
  const decided = await decideGoldChange(input, user);
  if (decided.goldChanged) goldChanged(decided.queueId);
  revalidatePath(`/label/${decided.queueId}`, "layout");
  revalidatePath("/judges", "layout");
  return {
    message: decided.goldChanged
      ? "Gold change confirmed: the gold label changed, and judges approved on this label set are re-checked."
      : "Gold change rejected: the gold label stays as it was.",
  };
});
