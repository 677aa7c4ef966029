"use server";

import { redirect } from "next/navigation";
import { defineAction } from "@/lib/auth/action";
import { saveDraftAsVersion, tryDraftOnDev, type TryResult } from "@/lib/judging/workbench";
import { workbenchDraftInput, type WorkbenchDraftInput } from "@/lib/schemas/workbench";

const draftOf = (input: WorkbenchDraftInput) => ({
  promptTemplate: input.promptTemplate,
  temperature: input.temperature,
  maxTokens: input.maxTokens,
  seed: input.seed,
  examples: input.examples,
});

/** Re-runs a draft on the dev split (all of it, or the misaligned items): numbers and per-item changes, nothing saved. */
export const tryDraftAction = defineAction<typeof workbenchDraftInput, TryResult>("judges:write", workbenchDraftInput, async (input) => {
  const result = await tryDraftOnDev({ versionId: input.versionId, queueId: input.queueId, draft: draftOf(input), subset: input.subset });
  return {
    message: `Re-ran the draft on ${result.items} dev items: ${result.counts.fixed} fixed, ${result.counts.broken} broken. Nothing was saved.`,
    data: result,
  };
});

/** Saves the draft as a new pinned version, its parent the version the workbench started from. */
export const saveDraftAction = defineAction("judges:write", workbenchDraftInput, async (input, user) => {
  const { version } = await saveDraftAsVersion({
    versionId: input.versionId,
    queueId: input.queueId,
    draft: draftOf(input),
    actorId: user.id,
    note: input.note,
  });
  redirect(`/judges/versions/${version.id}`);
});
