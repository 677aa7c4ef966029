import "server-only";
import { UserError } from "../errors";
import { findOrCreateJudgeVersion, getJudgeVersion } from "../db/judges";
import { listLabelSets, loadGoldSplit } from "../db/label-sets";
import { listVerdicts } from "../db/verdicts";
import { labelsWithReasons } from "../db/workbench";
import { itemKind, kindCategories } from "../items/kinds";
import { agreementReport, type AgreementReport } from "../judges/agreement";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps } from "../judges/call";
import { metricFor } from "../judges/calibration";
import { exampleInput, judgeExamples, readExamples, type JudgeExample } from "../judges/examples";
import { KIND_FOR_PARSER } from "../judges/kinds";
import { readParams, specParams } from "../judges/request";
import { runJudge, type StoredVerdict } from "../judges/run-judge";
import { templateProblems } from "../judges/template";
import { toJudgeInput } from "../judges/transcript-input";
import { judgeVersionHash, judgeVersionSpec, type JudgeParser, type JudgeProvider, type JudgeVersionSpec } from "../judges/version";
import {
  ALIGNMENT_ORDER,
  alignmentOf,
  countChanges,
  headlineAnswer,
  isMisaligned,
  itemChanges,
  versionChanges,
  type Alignment,
  type ItemChangeRow,
} from "../judges/workbench";
import type { ModelProvider } from "../providers/types";
import { providerForVersion } from "./providers";

/**
 * The judge workbench: a version against the human labels of a label set's DEV split, misaligned items first, and
 * drafts (an edited prompt, params or worked examples) re-run on the dev split without saving anything. The test
 * split is never read here: every item, example and subset is checked against the dev split on the server.
 */
const MAX_DRAFT_CALLS = 500;

type Version = NonNullable<Awaited<ReturnType<typeof getJudgeVersion>>>;

async function versionOrFail(versionId: string): Promise<Version> {
  const version = await getJudgeVersion(versionId);
  if (!version) throw new UserError("No such judge version.", 404);
  return version;
}

/** The label sets a version's workbench can use: its kind, with gold labels on the dev split. */
export async function workbenchLabelSets(version: { parser: string }) {
  const kind = KIND_FOR_PARSER[version.parser as JudgeParser];
  return (await listLabelSets()).filter((s) => s.kind === kind && s.devGold > 0);
}

async function devSplit(version: Version, queueId: string) {
  const loaded = await loadGoldSplit(queueId, "dev");
  if (!loaded) throw new UserError("No such label set.", 404);
  const kind = KIND_FOR_PARSER[version.parser as JudgeParser];
  if (loaded.queue.kind !== kind)
    throw new UserError(
      `${version.judge.name} judges ${kind} items; the label set "${loaded.queue.name}" holds ${loaded.queue.kind} items.`,
      422,
    );
  if (loaded.gold.length === 0)
    throw new UserError(`The dev split of "${loaded.queue.name}" has no gold labels yet: label and settle some dev items first.`, 409);
  return loaded;
}

export interface WorkbenchItem {
  transcriptId: string;
  externalId: string | null;
  taskPrompt: string;
  output: string;
  gold: string;
  alignment: Alignment;
  judge: string | null;
  judgeReason: string | null;
  /** Every answer of the version on this item (repeats, orders). */
  answers: { order: string; repeat: number; status: string; value: string | null }[];
  humans: { reviewer: string; value: string; reason: string | null }[];
  isExample: boolean;
}

/** The version's dev-split verdicts against the humans, misaligned items first, and its dev agreement. */
export async function loadWorkbench(versionId: string, queueId: string) {
  const version = await versionOrFail(versionId);
  const { queue, gold } = await devSplit(version, queueId);
  const ids = gold.map((g) => g.transcriptId);
  const [verdicts, labels] = await Promise.all([listVerdicts(version.id, ids), labelsWithReasons(queue.id, queue.rubricVersion, ids)]);
  const positive = itemKind(queue.kind).positive;
  const examples = new Set(readExamples(version.examples).map((e) => e.transcriptId));
  const items: WorkbenchItem[] = gold.map((g) => {
    const mine = verdicts.filter((v) => v.transcriptId === g.transcriptId);
    const headline = mine.find((v) => v.order === "original" && v.repeat === 0);
    const input = toJudgeInput(g.transcript, queue.rubric);
    return {
      transcriptId: g.transcriptId,
      externalId: g.transcript.externalId,
      taskPrompt: g.transcript.taskPrompt,
      output: exampleInput(input),
      gold: g.value,
      alignment: alignmentOf(g.value, mine, positive),
      judge: headline?.status === "ok" ? headline.value : null,
      judgeReason: headline?.reason ?? headline?.error ?? null,
      answers: mine.map((v) => ({ order: v.order, repeat: v.repeat, status: v.status, value: v.value })),
      humans: labels
        .filter((l) => l.transcriptId === g.transcriptId)
        .map((l) => ({ reviewer: l.reviewer.email, value: l.value, reason: l.reason })),
      isExample: examples.has(g.transcriptId),
    };
  });
  items.sort((a, b) => ALIGNMENT_ORDER.indexOf(a.alignment) - ALIGNMENT_ORDER.indexOf(b.alignment));
  const report = agreementOn(queue, gold, verdicts);
  return { version, queue, items, report, misaligned: items.filter((i) => isMisaligned(i.alignment)).length };
}

function agreementOn(
  queue: { kind: Parameters<typeof metricFor>[0]; scaleMin: number | null; scaleMax: number | null },
  gold: readonly { transcriptId: string; value: string }[],
  verdicts: readonly { transcriptId: string; order: string; repeat: number; status: string; value: string | null }[],
): AgreementReport {
  const pairs = gold.flatMap((g) => {
    const judge = headlineAnswer(verdicts, g.transcriptId);
    return judge === null ? [] : [{ judge, gold: g.value }];
  });
  const kind = itemKind(queue.kind);
  const categories = kindCategories(
    queue.kind,
    queue.scaleMin !== null && queue.scaleMax !== null ? { min: queue.scaleMin, max: queue.scaleMax } : null,
  );
  return agreementReport(
    pairs.map((p) => p.judge),
    pairs.map((p) => p.gold),
    { metric: metricFor(queue.kind), categories, positive: kind.positive, seed: 1 },
  );
}

export interface DraftInput {
  promptTemplate?: string;
  temperature?: number;
  maxTokens?: number;
  seed?: number | null;
  /** Dev items to use as worked examples; undefined keeps the version's own. */
  examples?: string[];
}

export type DraftSubset = "all" | "misaligned" | string[];

/**
 * The version with the draft's changes, as a spec: validated whole (every problem named), examples built from dev
 * gold items of this label set with the human label and a reason the humans gave. A test item is refused by name.
 */
export async function draftSpec(versionId: string, queueId: string, draft: DraftInput) {
  const version = await versionOrFail(versionId);
  const { queue, gold } = await devSplit(version, queueId);
  const params = readParams(version.params);
  let examples: JudgeExample[] = readExamples(version.examples);
  if (draft.examples) {
    // An item is named by its transcript id or its external id (the key it was imported with).
    const byId = new Map(
      gold.flatMap((g) => [[g.transcriptId, g] as const, ...(g.transcript.externalId ? [[g.transcript.externalId, g] as const] : [])]),
    );
    const outside = draft.examples.filter((id) => !byId.has(id));
    if (outside.length > 0)
      throw new UserError(
        `examples: ${outside.join(", ")} ${outside.length === 1 ? "is not a gold item" : "are not gold items"} of the dev split of "${queue.name}" (worked examples come from the dev split only: the test split is held out).`,
        422,
        "examples",
      );
    const picked = [...new Set(draft.examples.map((id) => byId.get(id)!))];
    const labels = await labelsWithReasons(
      queue.id,
      queue.rubricVersion,
      picked.map((g) => g.transcriptId),
    );
    examples = picked.map((g) => {
      const id = g.transcriptId;
      const reason = labels.find((l) => l.transcriptId === id && l.value === g.value && l.reason?.trim())?.reason?.trim() ?? "";
      return { transcriptId: id, input: exampleInput(toJudgeInput(g.transcript, queue.rubric)), label: g.value, reason };
    });
  }
  const parsed = judgeVersionSpec.safeParse({
    provider: version.provider as JudgeProvider,
    model: version.model,
    baseUrl: version.baseUrl,
    promptTemplate: draft.promptTemplate ?? version.promptTemplate,
    params: specParams({
      ...params,
      temperature: draft.temperature ?? params.temperature,
      maxTokens: draft.maxTokens ?? params.maxTokens,
      seed: draft.seed === undefined ? params.seed : draft.seed,
    }),
    parser: version.parser as JudgeParser,
    examples,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(`${issue.path.join(".") || "draft"}: ${issue.message}`, 422, String(issue.path.at(-1) ?? ""));
  }
  const problems = templateProblems(parsed.data.promptTemplate, parsed.data.parser);
  if (problems.length > 0) throw new UserError(`promptTemplate: ${problems.join(" ")}`, 422, "promptTemplate");
  judgeExamples.parse(parsed.data.examples ?? []);
  return { version, queue, gold, spec: parsed.data as JudgeVersionSpec };
}

export interface TryResult {
  version: { id: string; name: string; version: number };
  labelSet: { id: string; name: string };
  split: "dev";
  draftHash: string;
  /** Whether the draft is the version itself (nothing changed). */
  unchanged: boolean;
  changed: string[];
  items: number;
  calls: { ok: number; skipped: number; error: number };
  costUsd: number | null;
  /** Tokens over the draft's calls (unknown counts as 0). */
  tokens: { in: number; out: number };
  draft: AgreementReport;
  /** The version's own stored dev verdicts on the same items. */
  base: AgreementReport;
  counts: ReturnType<typeof countChanges>;
  changes: (ItemChangeRow & { reason: string | null })[];
}

/**
 * Runs a draft of the version on the dev split (or a subset of it) and compares it item by item with the version's
 * own stored dev verdicts. Nothing is saved: not a version, not a verdict, not a calibration.
 */
export async function tryDraftOnDev(options: {
  versionId: string;
  queueId: string;
  draft: DraftInput;
  subset?: DraftSubset;
  concurrency?: number;
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
}): Promise<TryResult> {
  const { version, queue, gold, spec } = await draftSpec(options.versionId, options.queueId, options.draft);
  const ids = gold.map((g) => g.transcriptId);
  const baseVerdicts = await listVerdicts(version.id, ids);
  const subset = options.subset ?? "all";
  let chosen = gold;
  if (subset === "misaligned") {
    const positive = itemKind(queue.kind).positive;
    chosen = gold.filter((g) =>
      isMisaligned(
        alignmentOf(
          g.value,
          baseVerdicts.filter((v) => v.transcriptId === g.transcriptId),
          positive,
        ),
      ),
    );
    if (chosen.length === 0)
      throw new UserError("The version has no misaligned dev items to re-run: run it on the dev split first, or re-run all.", 409);
  } else if (Array.isArray(subset)) {
    const inDev = new Set(ids);
    const outside = subset.filter((id) => !inDev.has(id));
    if (outside.length > 0)
      throw new UserError(
        `items: ${outside.join(", ")} not gold items of the dev split of "${queue.name}" (the test split is held out).`,
        422,
        "items",
      );
    const wanted = new Set(subset);
    chosen = gold.filter((g) => wanted.has(g.transcriptId));
  }
  if (chosen.length > MAX_DRAFT_CALLS)
    throw new UserError(`That is ${chosen.length} judge calls, more than the ${MAX_DRAFT_CALLS} a draft may make: choose a subset.`, 422);
  const hash = judgeVersionHash(spec);
  const draftVersion = { id: `draft:${hash}`, hash, ...spec, examples: spec.examples ?? null };
  const answers: StoredVerdict[] = [];
  const progress = await runJudge(
    draftVersion,
    chosen.map((g) => ({ transcriptId: g.transcriptId, input: toJudgeInput(g.transcript, queue.rubric) })),
    { concurrency: options.concurrency ?? 4, repeats: 1, bothOrders: false },
    {
      provider: options.overrides?.provider ?? providerForVersion(draftVersion),
      policy: DEFAULT_CALL_POLICY,
      deps: options.overrides?.deps ?? realCallDeps,
      save: async (verdict) => void answers.push(verdict),
    },
  );
  const costs = answers.map((a) => a.costUsd);
  const rows = itemChanges(chosen, baseVerdicts, answers);
  const reasons = new Map(answers.map((a) => [a.transcriptId, a.reason ?? a.error]));
  return {
    version: { id: version.id, name: version.judge.name, version: version.version },
    labelSet: { id: queue.id, name: queue.name },
    split: "dev",
    draftHash: hash,
    unchanged: hash === version.hash,
    changed: versionChanges(version, { ...spec, examples: spec.examples ?? null }),
    items: chosen.length,
    calls: { ok: progress.ok, skipped: progress.skipped, error: progress.error },
    costUsd: costs.some((c) => c === null) ? null : costs.reduce<number>((s, c) => s + (c ?? 0), 0),
    tokens: { in: answers.reduce((s, a) => s + (a.tokensIn ?? 0), 0), out: answers.reduce((s, a) => s + (a.tokensOut ?? 0), 0) },
    draft: agreementOn(queue, chosen, answers),
    base: agreementOn(queue, chosen, baseVerdicts),
    counts: countChanges(rows),
    changes: rows.map((r) => ({ ...r, reason: reasons.get(r.transcriptId) ?? null })),
  };
}

/** Saves a draft as a new pinned version of the judge, its parent the version it started from. */
export async function saveDraftAsVersion(options: {
  versionId: string;
  queueId: string;
  draft: DraftInput;
  actorId: string;
  note?: string;
}) {
  const { version, spec } = await draftSpec(options.versionId, options.queueId, options.draft);
  const changed = versionChanges(version, { ...spec, examples: spec.examples ?? null });
  if (changed.length === 0) throw new UserError(`Nothing changed: the draft is ${version.judge.name} v${version.version} itself.`, 409);
  const note = [`Workbench: ${changed.join("; ")}`, options.note?.trim()].filter(Boolean).join(" — ");
  const { version: saved, created } = await findOrCreateJudgeVersion({ name: version.judge.name, kind: version.judge.kind }, spec, {
    createdById: options.actorId,
    parentId: version.id,
    note,
  });
  if (!created)
    throw new UserError(
      `That draft is already ${saved.judgeId === version.judgeId ? `v${saved.version} of this judge` : "a version of another judge"}: nothing saved.`,
      409,
    );
  return { version: saved, changed };
}
