import "server-only";
import { approvalStateOf, boundQueueId, GATE_SPLIT, versionsBoundTo } from "../db/approvals";
import { loadJudgeStatus, type JudgeStatus } from "./approvals";
import { db } from "../db/client";
import { noticeStale } from "../db/judge-staleness";
import { loadGoldSplit } from "../db/label-sets";
import { runCanary, type CanaryOptions, type CanaryOutcome } from "./canary-run";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";

/**
 * Brings a version's lifecycle up to date before anything counts on it: a gating version whose bound
 * gold set changed goes stale; a stale one is recalibrated on the bound label set by Gavel itself
 * (only items without a valid stored verdict are judged), and that calibration decides it; then,
 * when asked, the canary re-check. Where the judge cannot be called the version stays stale, gating
 * for the policy's grace period. Every move is an audit event with "system" as the actor.
 */
export interface RecheckOptions extends CanaryOptions {
  /** Run the canary re-check too (`gavel run --judge` does). */
  canary?: boolean;
  log?: (line: string) => void;
}

export interface RecheckResult {
  status: JudgeStatus;
  recalibration: { itemsJudged: number; reused: number; unreachable: number; calibrationId: string | null } | null;
  canary: CanaryOutcome | null;
}

export async function recheckJudge(versionId: string, options: RecheckOptions = {}): Promise<RecheckResult> {
  const log = options.log ?? (() => undefined);
  let status = await loadJudgeStatus(versionId, { now: options.now });
  let recalibration: RecheckResult["recalibration"] = null;
  const row = status.approval;
  if (!row || !status.approved) return { status, recalibration, canary: null };

  if (approvalStateOf(row) === "gating" && status.state === "stale") {
    await db().$transaction((tx) => noticeStale(tx, row, undefined, options.now));
    status = await loadJudgeStatus(versionId, { now: options.now });
    log(`${status.ref} is stale: ${status.approval?.stateReason ?? status.reason}.`);
  }
  if (status.approval && approvalStateOf(status.approval) === "stale") {
    recalibration = await recalibrate(status, options, log);
    status = await loadJudgeStatus(versionId, { now: options.now });
  }
  const canary = options.canary && status.state === "gating" ? await runCanary(status, options) : null;
  if (canary) {
    log(`Canary re-check of ${status.ref}: ${canary.outcome}${canary.reason ? ` (${canary.reason})` : ""}.`);
    if (canary.demoted) status = await loadJudgeStatus(versionId, { now: options.now });
  }
  return { status, recalibration, canary };
}

async function recalibrate(
  status: JudgeStatus,
  options: RecheckOptions,
  log: (line: string) => void,
): Promise<RecheckResult["recalibration"]> {
  const queueId = boundQueueId(status.approval!);
  const gold = await loadGoldSplit(queueId, GATE_SPLIT);
  if (!gold || gold.gold.length === 0) {
    log(
      `Cannot recalibrate ${status.ref}: the test split of its label set has no gold labels at the current rubric version yet. ${status.reason}.`,
    );
    return null;
  }
  log(`Recalibrating ${status.ref} on the test split of "${gold.queue.name}" (only items without a stored verdict are judged)…`);
  const progress = await runJudgeOnLabelSet({
    versionId: status.versionId,
    queueId,
    split: GATE_SPLIT,
    provider: options.provider,
    overrides: options.overrides,
    policy: options.policy,
    concurrency: options.concurrency,
  });
  const judged = { itemsJudged: progress.completed, reused: progress.alreadyDone, unreachable: progress.unreachable };
  if (progress.unreachable > 0) {
    log(
      `The judge could not be called for ${progress.unreachable} of ${progress.total} new items (no API key, or no recording): the recalibration waits. ${status.reason}.`,
    );
    return { ...judged, calibrationId: null };
  }
  const calibration = await calibrateOnLabelSet({
    versionId: status.versionId,
    queueId,
    split: GATE_SPLIT,
    actorId: null,
    via: "recheck",
    allowEmpty: true,
    judged: { itemsJudged: progress.completed, reused: progress.alreadyDone },
  });
  log(
    `Recalibrated: ${progress.completed} item${progress.completed === 1 ? "" : "s"} judged, ${progress.alreadyDone} verdicts reused, κ ${calibration.kappa === null ? "undefined" : calibration.kappa.toFixed(3)} on ${calibration.n} items.`,
  );
  return { ...judged, calibrationId: calibration.id };
}

/** Re-checks (no canary) every version whose approval is bound to this label set: after its gold changed. */
export async function recheckLabelSet(queueId: string, options: RecheckOptions = {}): Promise<RecheckResult[]> {
  const results: RecheckResult[] = [];
  for (const versionId of await versionsBoundTo(queueId)) results.push(await recheckJudge(versionId, { ...options, canary: false }));
  return results;
}
