"use server";

import { redirect } from "next/navigation";
import { defineAction } from "@/lib/auth/action";
import { improveJudge, type ImproveReport } from "@/lib/judging/improve";
import { saveDraftAsVersion, tryDraftOnDev, type TryResult } from "@/lib/judging/workbench";
import { improveInput, workbenchDraftInput, type ImproveInput, type WorkbenchDraftInput } from "@/lib/schemas/workbench";

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

const improveOf = (input: ImproveInput) => ({
  versionId: input.versionId,
  queueId: input.queueId,
  candidates: input.candidates,
  budgetUsd: input.budget,
  seed: input.seed,
});

/** The calls and cost "Improve automatically" would make, before anything is called: the user confirms on it. */
export const estimateImproveAction = defineAction<typeof improveInput, ImproveReport>("judges:write", improveInput, async (input) => {
  const report = await improveJudge({ ...improveOf(input), estimateOnly: true });
  return { message: "Estimated: nothing was called.", data: report };
});

/** Runs the loop (bounded by the budget) and keeps the best candidate as an unapproved version. */
export const improveAction = defineAction<typeof improveInput, ImproveReport & { log: string[] }>(
  "judges:write",
  improveInput,
  async (input, user) => {
    const log: string[] = [];
    const report = await improveJudge({ ...improveOf(input), actorId: user.id, onProgress: (line) => log.push(line) });
    return { message: log.at(-1) ?? "Done.", data: { ...report, log } };
  },
);
