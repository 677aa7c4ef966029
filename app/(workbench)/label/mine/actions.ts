"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { editLabel, unskipItem } from "@/lib/db/labeling/mine";
import { goldChanged } from "@/lib/judging/gold-changed";
import { editLabelInput, unskipInput } from "@/lib/schemas/my-labels";

/** A reviewer changes their own earlier label; the change is kept in its history (lib/db/labeling/mine.ts). */
export const editLabelAction = defineAction("labels:write", editLabelInput, async (input, user) => {
  const edited = await editLabel(user.id, input);
  // A consensus gold label made, changed or removed changes the label set a judge may be approved on.
  if (edited.goldChanged) goldChanged(edited.queueId);
  revalidatePath("/label/mine", "layout");
  return {
    message: edited.goldChangeHeld
      ? "Label changed; the earlier value is kept in its history. A judge gates on this item's gold, so the gold change waits for an adjudicator or a second reviewer to confirm it."
      : "Label changed; the earlier value is kept in its history.",
  };
});

/** A reviewer takes back a skip: the item is offered to them again. */
export const unskipAction = defineAction("labels:write", unskipInput, async (input, user) => {
  await unskipItem(user.id, input);
  revalidatePath("/label/mine");
  return { message: "Skip taken back: the item is in your queue again." };
});
