import cliProgress from "cli-progress";
import { z } from "zod";
import { loadJudgeStatus, statusJson, type JudgeStatus } from "../../judging/approvals";
import { statsOf } from "../../db/calibrations";
import { resolveJudgeVersionRef } from "../../db/judges";
import { findLabelSet } from "../../db/label-sets";
import { agreementJson } from "../../judges/agreement";
import type { CalibrationStats } from "../../judges/calibration";
import { degeneracyOf } from "../../judges/degenerate";
import { calibrationHeadline } from "../../judges/estimator";
import { formatInterval, formatStat } from "../../judges/format";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "../../judging/label-set-run";
import { recheckJudge } from "../../judging/recheck";
import type { RunJudgeProgress } from "../../judges/run-judge";
import { UsageError } from "../exit";
import type { Logger } from "../logger";
import { parseFlags } from "../user-input";
import { agreementTable } from "./agreement";
import { userFacing } from "./judge-user-errors";

/**
 * `gavel judge run | calibrate | status`: the judge workflow from a terminal or CI, on the same
 * database as the app. Runs of any size belong here (the web page waits for its run).
 */
const runOptions = z.object({
  queue: z.string({ error: "Name the label set with --queue NAME." }).min(1),
  split: z.enum(["dev", "test"], { error: "--split must be dev or test" }).default("dev"),
  repeats: z.coerce.number().int().min(1, "--repeats must be at least 1").max(20, "--repeats must be at most 20").default(1),
  bothOrders: z.boolean().default(false),
  concurrency: z.coerce.number().int().min(1, "--concurrency must be at least 1").max(64).default(4),
  timeout: z.coerce.number().int().min(100, "--timeout is in milliseconds, at least 100").default(60_000),
  record: z.string().min(1).optional(),
  cassette: z.array(z.string()).default([]),
  calibrate: z.boolean().default(false),
  json: z.boolean().default(false),
});

async function labelSetId(name: string): Promise<string> {
  const set = await findLabelSet(name);
  if (!set) throw new UsageError(`No label set "${name}".`);
  return set.id;
}

export async function judgeRun(ref: string, raw: Record<string, unknown>, logger: Logger, tty = Boolean(process.stderr.isTTY)) {
  const options = parseFlags(runOptions, raw, "\n");
  return userFacing(async () => {
    const version = await resolveJudgeVersionRef(ref);
    const queueId = await labelSetId(options.queue);
    logger.info(
      `Judging the ${options.split} split of "${options.queue}" with ${version.judge.name} v${version.version} (${version.provider} / ${version.model})${options.record ? `, recording to ${options.record}` : ""}.`,
    );
    const bar = tty
      ? new cliProgress.SingleBar(
          { format: " {bar} {value}/{total} calls · {ok} ok · {skipped} skipped · {error} errors", stream: process.stderr },
          cliProgress.Presets.shades_classic,
        )
      : null;
    let started = false;
    const progress = await runJudgeOnLabelSet({
      versionId: version.id,
      queueId,
      split: options.split,
      repeats: options.repeats,
      bothOrders: options.bothOrders,
      concurrency: options.concurrency,
      policy: { timeoutMs: options.timeout },
      provider: { recordTo: options.record ?? null, cassetteFiles: options.cassette },
      onProgress: (p: RunJudgeProgress) => {
        if (!bar) return;
        if (!started) bar.start(p.total, 0, p);
        started = true;
        bar.update(p.completed, p);
      },
    });
    bar?.stop();
    logger.info(
      `${progress.total} calls: ${progress.ok} ok, ${progress.skipped} skipped, ${progress.error} errors (${progress.alreadyDone} answered before, not asked again).`,
    );
    if (progress.skipped > 0)
      logger.warn("Skipped calls had no API key: set OPENAI_API_KEY or ANTHROPIC_API_KEY. They are never counted as passes.");
    if (nothingAnswered(progress)) {
      // Every call skipped or failed: a calibration of it would be empty, so none is stored, and CI must not read success.
      logger.error(
        `No call was answered (${progress.skipped} skipped, ${progress.error} errors): nothing to calibrate, no calibration stored.`,
      );
      if (options.json) logger.out(JSON.stringify(progress, null, 2));
      return progress;
    }
    if (options.calibrate) await judgeCalibrate(ref, { queue: options.queue, split: options.split, json: options.json }, logger);
    else if (options.json) logger.out(JSON.stringify(progress, null, 2));
    return progress;
  });
}

/** A run that asked something and got no answer at all: every call skipped (no key) or errored. */
export function nothingAnswered(progress: { total: number; ok: number }): boolean {
  return progress.total > 0 && progress.ok === 0;
}

const calibrateOptions = z.object({
  queue: z.string({ error: "Name the label set with --queue NAME." }).min(1),
  split: z.enum(["dev", "test"], { error: "--split must be dev or test" }).default("test"),
  json: z.boolean().default(false),
});

/** For a stratified draw, the gate's weighted numbers first: the table below them is the unweighted sample. */
function estimatorLine(stats: CalibrationStats): string {
  const h = calibrationHeadline(stats);
  if (h.estimator !== "horvitz-thompson") return "";
  const ci = h.ci95 ? { low: h.ci95[0], high: h.ci95[1] } : null;
  return `The gate reads the Horvitz–Thompson weighted estimate (a stratified draw): κ ${formatStat(h.value)} bootstrap 95% ${formatInterval(ci)}, accuracy ${formatStat(h.accuracy)}, TPR ${formatStat(h.tpr)}, TNR ${formatStat(h.tnr)}.\nUnweighted (the sample as drawn, not the population):\n`;
}

export async function judgeCalibrate(ref: string, raw: Record<string, unknown>, logger: Logger) {
  const options = parseFlags(calibrateOptions, raw, "\n");
  return userFacing(async () => {
    const version = await resolveJudgeVersionRef(ref);
    const calibration = await calibrateOnLabelSet({
      versionId: version.id,
      queueId: await labelSetId(options.queue),
      split: options.split,
      actorId: null,
      via: "cli",
    });
    const stats = statsOf(calibration);
    if (options.json)
      logger.out(
        JSON.stringify(
          {
            calibrationId: calibration.id,
            split: calibration.split,
            labelSetHash: calibration.labelSetHash,
            skipped: stats.skipped,
            errors: stats.errored,
            degenerate: degeneracyOf(stats.report)?.message ?? null,
            ...agreementJson(stats.report),
            // What the gate reads: the weighted estimate for a stratified draw, named, the unweighted one beside it.
            ...calibrationHeadline(stats),
          },
          null,
          2,
        ),
      );
    else {
      const degenerate = degeneracyOf(stats.report);
      logger.out(
        `${degenerate ? `Degenerate calibration: ${degenerate.message} (${degenerate.intervalNote}).\n\n` : ""}${estimatorLine(stats)}${agreementTable(stats.report, `${version.judge.name} v${version.version}`, "gold")}\n\n  ${stats.skipped} skipped and ${stats.errored} errored items left out; calibration ${calibration.id}.`,
      );
    }
    return calibration;
  });
}

/**
 * The version's lifecycle state, brought up to date first (a stale version is recalibrated on its
 * bound label set when the judge can be called; `--no-recheck` only reads). `recheck` also runs the
 * canary. Exit 0 only when it gates now, 1 when it does not (CI can branch on it).
 */
export async function judgeStatus(
  ref: string,
  raw: { json?: boolean; recheck?: boolean; canary?: boolean },
  logger: Logger,
): Promise<JudgeStatus> {
  return userFacing(async () => {
    const version = await resolveJudgeVersionRef(ref);
    const status =
      raw.recheck === false
        ? await loadJudgeStatus(version.id)
        : (await recheckJudge(version.id, { canary: raw.canary ?? false, log: (line) => logger.info(line) })).status;
    if (raw.json) logger.out(JSON.stringify(statusJson(status), null, 2));
    else logger.out(statusText(status, `${version.judge.name} v${version.version}`));
    return status;
  });
}

export function statusText(status: JudgeStatus, name: string): string {
  const bound = status.labelSet ? `label set "${status.labelSet.name}"` : "no label set";
  const lines = [
    `${name}: ${status.state}, ${status.gating ? "may gate" : "does not gate: verdicts are shadow"} (${status.reason})`,
    `  ${status.approval ? "bound to" : "would bind to"} ${bound}${status.goldVersion ? `, gold version ${status.goldVersion.slice(0, 12)}` : ""}${status.calibrationId ? `, calibration ${status.calibrationId}` : ""}`,
    ...status.gate.rules.map((r) => `  ${r.passed ? "pass" : "FAIL"}  ${r.label} (${r.actual})`),
  ];
  return lines.join("\n");
}
