"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { defineAction } from "@/lib/auth/action";
import { approveJudgeVersion, revokeApproval } from "@/lib/judging/approvals";
import { saveGatePolicy } from "@/lib/judging/gate-policy";
import { findOrCreateJudgeVersion, getJudgeVersion } from "@/lib/db/judges";
import { UserError } from "@/lib/errors";
import { readExamples } from "@/lib/judges/examples";
import { formatStat } from "@/lib/judges/format";
import { KIND_FOR_PARSER } from "@/lib/judges/kinds";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "@/lib/judging/label-set-run";
import { readParams, specParams } from "@/lib/judges/request";
import type { JudgeParser, JudgeProvider } from "@/lib/judges/version";
import { recheckJudge } from "@/lib/judging/recheck";
import { testReuseWarnings } from "@/lib/judging/test-reuse";
import {
  approveInput,
  cloneVersionInput,
  compareRunInput,
  createJudgeInput,
  gatePolicyForm,
  newModelInput,
  revokeInput,
  runJudgeInput,
  specFromFields,
  versionIdInput,
} from "@/lib/schemas/judges";
import { findJudgeByName } from "@/lib/db/judges";

/** A page waits for the run; bigger runs belong to `gavel judge run`. */
const MAX_CALLS_FROM_PAGE = 500;

export const createJudgeAction = defineAction("judges:write", createJudgeInput, async (input, user) => {
  if (await findJudgeByName(input.name))
    throw new UserError(`A judge named "${input.name}" exists: open it and edit to make a new version.`, 409, "name");
  const { version, created } = await findOrCreateJudgeVersion(
    { name: input.name, kind: KIND_FOR_PARSER[input.parser], description: input.description ?? undefined },
    specFromFields(input),
    { createdById: user.id },
  );
  if (!created) throw new UserError(`This exact spec already exists as version ${version.version} of another judge.`, 409);
  redirect(`/judges/versions/${version.id}`);
});

/** "Edit" never changes a version: it makes a new one with the old one as parent. */
export const cloneVersionAction = defineAction("judges:write", cloneVersionInput, async (input, user) => {
  const parent = await getJudgeVersion(input.parentId);
  if (!parent) throw new UserError("No such judge version.", 404);
  if (input.parser !== parent.parser)
    throw new UserError(
      "A new version keeps its judge's parser (the kind of item it judges); create a new judge for another kind.",
      422,
      "parser",
    );
  // The edit form has no examples: the parent's worked examples carry over (the workbench changes them).
  const spec = { ...specFromFields(input), examples: readExamples(parent.examples) };
  const { version, created } = await findOrCreateJudgeVersion({ name: parent.judge.name, kind: parent.judge.kind }, spec, {
    createdById: user.id,
    parentId: parent.id,
    note: input.note ?? undefined,
  });
  if (!created)
    throw new UserError(
      `Nothing changed: that spec is already ${version.judgeId === parent.judgeId ? `v${version.version} of this judge` : "a version of another judge"}.`,
      409,
    );
  redirect(`/judges/versions/${version.id}`);
});

export const newModelAction = defineAction("judges:write", newModelInput, async (input, user) => {
  const parent = await getJudgeVersion(input.versionId);
  if (!parent) throw new UserError("No such judge version.", 404);
  if (input.model === parent.model)
    throw new UserError(`v${parent.version} already uses ${parent.model}: name a different model.`, 422, "model");
  const { version, created } = await findOrCreateJudgeVersion(
    { name: parent.judge.name, kind: parent.judge.kind },
    {
      provider: parent.provider as JudgeProvider,
      model: input.model,
      baseUrl: parent.baseUrl,
      promptTemplate: parent.promptTemplate,
      params: specParams(readParams(parent.params)),
      parser: parent.parser as JudgeParser,
      examples: readExamples(parent.examples),
    },
    { createdById: user.id, parentId: parent.id, note: `New model ${input.model} (was ${parent.model})` },
  );
  if (!created && version.judgeId !== parent.judgeId) throw new UserError("That spec already belongs to another judge.", 409);
  const query = new URLSearchParams({ base: parent.id, candidate: version.id, ...(input.queueId ? { queue: input.queueId } : {}) });
  redirect(`/judges/compare?${query}`);
});

export const runJudgeAction = defineAction("judges:write", runJudgeInput, async (input, user) => {
  const splits = input.split === "both" ? (["dev", "test"] as const) : ([input.split] as const);
  const lines: string[] = [];
  for (const split of splits) {
    const progress = await runJudgeOnLabelSet({
      versionId: input.versionId,
      queueId: input.queueId,
      split,
      repeats: input.repeats,
      bothOrders: input.bothOrders,
      maxCalls: MAX_CALLS_FROM_PAGE,
    });
    const calibration = await calibrateOnLabelSet({
      versionId: input.versionId,
      queueId: input.queueId,
      split,
      actorId: user.id,
      via: "web",
      judged: { itemsJudged: progress.completed, reused: progress.alreadyDone },
    });
    lines.push(
      `${split}: ${progress.total} calls (${progress.ok} ok, ${progress.skipped} skipped, ${progress.error} errors; ${progress.alreadyDone} answered before). κ ${formatStat(calibration.kappa)} on ${calibration.n} items.`,
    );
  }
  revalidatePath(`/judges/versions/${input.versionId}`);
  return { message: lines.join(" ") };
});

/** Runs and calibrates both versions on the same frozen test split, for the side-by-side page. */
export const compareRunAction = defineAction("judges:write", compareRunInput, async (input, user) => {
  for (const versionId of [input.baseId, input.candidateId]) {
    await runJudgeOnLabelSet({ versionId, queueId: input.queueId, split: "test", maxCalls: MAX_CALLS_FROM_PAGE });
    await calibrateOnLabelSet({ versionId, queueId: input.queueId, split: "test", actorId: user.id, via: "web" });
  }
  revalidatePath("/judges/compare");
  return { message: "Both versions judged and calibrated on the test split." };
});

export const approveAction = defineAction("judges:approve", approveInput, async (input, user) => {
  const approval = await approveJudgeVersion(input.versionId, user.id, {
    queueId: input.queueId,
    confirmAboveCeiling: input.confirmAboveCeiling,
  });
  revalidatePath(`/judges/versions/${input.versionId}`);
  const version = await getJudgeVersion(input.versionId);
  const warnings = version ? await testReuseWarnings(version.judge, approval.queueId) : [];
  return {
    message: [
      `Approved, bound to hash ${approval.versionHash.slice(0, 12)} and gold version ${approval.goldVersion?.slice(0, 12) ?? "?"} of its label set.`,
      ...warnings.map((w) => `Warning: ${w}`),
    ].join(" "),
  };
});

export const revokeAction = defineAction("judges:approve", revokeInput, async (input, user) => {
  await revokeApproval(input.versionId, user.id, input.reason ?? undefined);
  revalidatePath(`/judges/versions/${input.versionId}`);
  return { message: "Approval revoked: this version's verdicts are shadow again." };
});

/** Brings the lifecycle up to date now: recalibrates a stale version on its bound label set, then the canary. */
export const recheckAction = defineAction("judges:write", versionIdInput, async (input) => {
  const lines: string[] = [];
  const { status } = await recheckJudge(input.versionId, { canary: true, log: (line) => lines.push(line) });
  revalidatePath(`/judges/versions/${input.versionId}`);
  return { message: [...lines, `Now ${status.state}${status.gating ? " (gating)" : ""}: ${status.reason}.`].join(" ") };
});

export const savePolicyAction = defineAction("settings:manage", gatePolicyForm, async (input, user) => {
  await saveGatePolicy(input, user.id);
  revalidatePath("/judges");
  return { message: "Gate policy saved. Every judge is measured against it from now on." };
});
