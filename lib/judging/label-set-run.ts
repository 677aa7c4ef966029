import "server-only";
import { isRecordedProvider } from "../providers/registry";
import { UserError } from "../errors";
import { createCalibration } from "../db/calibrations";
import { db } from "../db/client";
import { settleCalibration } from "./settle";
import { requestHash } from "../providers/cassette";
import { getJudgeVersion } from "../db/judges";
import { loadGoldSplit, loadHumanLabels } from "../db/label-sets";
import { loadDesign } from "../db/sampling";
import { latestObservedFingerprint } from "../db/canary";
import { listVerdicts, saveVerdict, verdictResponses } from "../db/verdicts";
import { responseFingerprint } from "../providers/fingerprint";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps, type CallPolicy } from "../judges/call";
import { buildCalibration, type SplitName } from "../judges/calibration";
import { judgeOrders, KIND_FOR_PARSER } from "../judges/kinds";
import { providerForVersion, type ProviderSetup } from "./providers";
import { callKey, runJudge, type RunJudgeProgress } from "../judges/run-judge";
import { buildRequest, type JudgeInput, type JudgeOrder, type JudgeVersionLike } from "../judges/request";
import { toJudgeInput, verbosityLength } from "../judges/transcript-input";
import type { JudgeParser } from "../judges/version";

/**
 * Judge runs and calibrations over a label set, wired to the database: the verdicts land in
 * JudgeVerdict as each call finishes, and a calibration is one row with every statistic.
 */
export interface LabelSetRunOptions {
  versionId: string;
  queueId: string;
  split: SplitName;
  repeats?: number;
  bothOrders?: boolean;
  concurrency?: number;
  policy?: Partial<CallPolicy>;
  provider?: ProviderSetup;
  /** Tests inject a provider or fake sleeps here. */
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
  onProgress?: (progress: RunJudgeProgress) => void;
  /** Refuse (before any call) a run that would make more calls than this. */
  maxCalls?: number;
}

async function load(versionId: string, queueId: string, split: SplitName) {
  const version = await getJudgeVersion(versionId);
  if (!version) throw new UserError("No such judge version.", 404);
  const loaded = await loadGoldSplit(queueId, split);
  if (!loaded) throw new UserError("No such label set.", 404);
  const judgeKind = KIND_FOR_PARSER[version.parser as JudgeParser];
  if (judgeKind !== loaded.queue.kind) {
    throw new UserError(
      `${version.judge.name} judges ${judgeKind} items; the label set "${loaded.queue.name}" holds ${loaded.queue.kind} items.`,
      422,
    );
  }
  if (loaded.gold.length === 0) {
    throw new UserError(`The ${split} split of "${loaded.queue.name}" has no gold labels yet: label and settle some items first.`, 409);
  }
  return { version, ...loaded };
}

/** Asks the judge about every gold item of the split that it has not answered yet. */
export async function runJudgeOnLabelSet(options: LabelSetRunOptions): Promise<RunJudgeProgress> {
  const { version, queue, gold } = await load(options.versionId, options.queueId, options.split);
  const items = gold.map((g) => ({ transcriptId: g.transcriptId, input: toJudgeInput(g.transcript, queue.rubric) }));
  const existing = await listVerdicts(
    version.id,
    items.map((i) => i.transcriptId),
  );
  // A failed call is asked again — except on the replay provider, whose recorded verdicts (an
  // imported data set's unparseable answers included) are the record itself: asking again could
  // only overwrite them with "no recording". A stored answer to another request (the label set's
  // rubric changed since) is not an answer to this one: it is asked again.
  const inputs = new Map(items.map((i) => [i.transcriptId, i.input]));
  const stillAsked = (v: { transcriptId: string; order: string; requestHash: string | null }) =>
    v.requestHash === null || v.requestHash === currentRequestHash(version, inputs.get(v.transcriptId)!, v.order as JudgeOrder);
  const staleModel = await answeredByAnotherModel(version);
  const final = (isRecordedProvider(version.provider) ? existing : existing.filter((v) => v.status === "ok"))
    .filter(stillAsked)
    .filter((v) => !staleModel.has(callKey(v.transcriptId, v.order as JudgeOrder, v.repeat)));
  const done = new Set(final.map((v) => callKey(v.transcriptId, v.order as JudgeOrder, v.repeat)));
  const orders = judgeOrders(version.parser, options.bothOrders).length;
  const pending = Math.max(0, items.length * orders * (options.repeats ?? 1) - done.size);
  if (options.maxCalls !== undefined && pending > options.maxCalls) {
    throw new UserError(
      `That is ${pending} judge calls, more than the ${options.maxCalls} a page may wait for: run it with \`gavel judge run\` instead.`,
      422,
    );
  }
  return runJudge(
    version,
    items,
    { concurrency: options.concurrency ?? 4, repeats: options.repeats ?? 1, bothOrders: options.bothOrders ?? false, done },
    {
      provider: options.overrides?.provider ?? providerForVersion(version, options.provider),
      policy: { ...DEFAULT_CALL_POLICY, ...options.policy },
      deps: options.overrides?.deps ?? realCallDeps,
      save: (verdict) => saveVerdict(version.id, verdict).then(() => undefined),
      onProgress: options.onProgress,
    },
  );
}

/**
 * Once a canary saw the provider answer with a new fingerprint, stored answers that carry another
 * one came from a different model behind the same name: they are asked again, not reused.
 */
async function answeredByAnotherModel(version: { id: string; provider: string }): Promise<Set<string>> {
  if (isRecordedProvider(version.provider)) return new Set();
  const current = await latestObservedFingerprint(version.id);
  if (!current) return new Set();
  const other = (await verdictResponses(version.id)).filter((r) => {
    const fp = responseFingerprint(r.rawResponse);
    return fp !== null && fp !== current;
  });
  return new Set(other.map((r) => callKey(r.transcriptId, r.order as JudgeOrder, r.repeat)));
}

function currentRequestHash(version: JudgeVersionLike, input: JudgeInput, order: JudgeOrder): string | null {
  try {
    return requestHash(buildRequest(version, input, order));
  } catch {
    return null;
  }
}

/**
 * Measures the version against the split's gold labels as they are now, stores the calibration with
 * its audit event, and lets it settle the lifecycle of an approval bound to this label set (a
 * recalibration decides a stale version; calibrations on other sets never touch gating).
 */
export async function calibrateOnLabelSet(options: {
  versionId: string;
  queueId: string;
  split: SplitName;
  actorId: string | null;
  seed?: number;
  /** Where it came from, for the audit log: cli, web, recheck. */
  via?: string;
  /** How many calls the run before it made and reused (the audit event names them). */
  judged?: { itemsJudged: number; reused: number };
  /** A recalibration stores even an empty one (its undefined κ demotes); people asking get a refusal instead. */
  allowEmpty?: boolean;
}) {
  const { version, queue, gold, splitIds } = await load(options.versionId, options.queueId, options.split);
  const ids = gold.map((g) => g.transcriptId);
  const [verdicts, queueLabels, design] = await Promise.all([
    listVerdicts(version.id, ids),
    loadHumanLabels(queue.id, queue.rubricVersion, null),
    loadDesign(queue.id, ids),
  ]);
  const goldIds = new Set(ids);
  const inSplit = new Set(splitIds);
  const labels = queueLabels.filter((l) => goldIds.has(l.transcriptId));
  if (verdicts.length === 0)
    throw new UserError(
      `${version.judge.name} v${version.version} has not judged the ${options.split} split of "${queue.name}" yet: run it first.`,
      409,
    );
  const stats = buildCalibration({
    kind: queue.kind,
    scale: queue.scaleMin !== null && queue.scaleMax !== null ? { min: queue.scaleMin, max: queue.scaleMax } : null,
    gold: gold.map((g) => ({ transcriptId: g.transcriptId, value: g.value, length: verbosityLength(queue.kind, g.transcript) })),
    verdicts: verdicts.map((v) => ({ transcriptId: v.transcriptId, order: v.order, repeat: v.repeat, status: v.status, value: v.value })),
    humanLabels: labels,
    // The ceiling's population is the whole split, disagreements awaiting adjudication included (docs/statistics.md).
    ceiling: { labels: queueLabels.filter((l) => inSplit.has(l.transcriptId)), queueValues: queueLabels.map((l) => l.value) },
    seed: options.seed,
    design,
  });
  if (stats.report.n === 0 && !options.allowEmpty)
    throw new UserError(
      `${version.judge.name} v${version.version} answered none of the ${gold.length} gold items of the ${options.split} split of "${queue.name}" (${stats.skipped} skipped, ${stats.errored} errors, ${stats.missing} not asked): nothing to calibrate, no calibration stored.`,
      409,
    );
  return db().$transaction(async (tx) => {
    const calibration = await createCalibration(
      { judgeVersionId: version.id, queueId: queue.id, split: options.split, stats, createdById: options.actorId },
      tx,
      {
        judge: version.judge.name,
        version: version.version,
        labelSet: queue.name,
        via: options.via ?? null,
        ...options.judged,
      },
    );
    await settleCalibration(tx, calibration, { judged: options.judged });
    return calibration;
  });
}
