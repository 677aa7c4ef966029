"use server";

import { defineAction } from "@/lib/auth/action";
import { addComment, setFlag } from "@/lib/db/labeling/comments";
import { revealJudge, type RevealedVerdict } from "@/lib/db/labeling/reveal";
import { skipItem, submitLabel } from "@/lib/db/labeling/submit";
import { undoLastLabel } from "@/lib/db/labeling/undo";
import { goldChanged } from "@/lib/judging/gold-changed";
import { commentInput, flagInput, queueInput, revealJudgeInput, skipItemInput, submitLabelInput } from "@/lib/schemas/labeling";

/**
 * The labeling page's mutations. Each answers only what the reviewer may see: the next item is
 * loaded by the page itself (router refresh), never carried in these responses.
 */
export const submitLabelAction = defineAction("labels:write", submitLabelInput, async (input, user) => {
  const { gold } = await submitLabel(user.id, input);
  // A consensus gold label changes the label set a judge may be approved on.
  if (gold !== null) goldChanged(input.queueId);
});

export const skipItemAction = defineAction("labels:write", skipItemInput, async (input, user) => {
  await skipItem(user.id, input);
});

export const undoLastLabelAction = defineAction<typeof queueInput, { queueItemId: string }>(
  "labels:write",
  queueInput,
  async (input, user) => {
    const item = await undoLastLabel(input.queueId, user.id);
    goldChanged(input.queueId);
    return { data: { queueItemId: item.queueItemId } };
  },
);

export const revealJudgeAction = defineAction<typeof revealJudgeInput, RevealedVerdict[]>(
  "labels:write",
  revealJudgeInput,
  async (input, user) => {
    return { data: await revealJudge(user.id, input) };
  },
);

/** A comment on an item; others see it only once they labeled the item (lib/db/labeling/comments.ts). */
export const addCommentAction = defineAction("labels:write", commentInput, async (input, user) => {
  await addComment(user.id, input);
});

/** Sets or clears one of the reviewer's own flags; an open flag sends the item to adjudication. */
export const setFlagAction = defineAction("labels:write", flagInput, async (input, user) => {
  await setFlag(user.id, input);
});
