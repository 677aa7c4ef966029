import { hostname } from "node:os";
import path from "node:path";
import { findBaseline } from "@/lib/db/baselines";
import { completeRun, createRun, failRun, heartbeat, interruptRun, resumeRun } from "@/lib/db/run-store";
import { saveSuiteVersion, suiteVersionInput } from "@/lib/db/suite-versions";
import { createTrialWriter, toTrialRow, type TrialWriter } from "@/lib/db/trial-writer";
import type { RunDeps } from "@/lib/engine/deps";
import type { JudgeClient } from "@/lib/trial/judge";
import { writeRecordFile, type RunMeta, type RunRecord } from "@/lib/engine/record";
import type { Agent } from "@/lib/trial/types";
import { cliDepsBase } from "./deps-common";

export interface LocalOptions {
  agent: Agent;
  judge?: JudgeClient;
  /** Folder for results/<run-id>.json. */
  outDir: string;
  createdById?: string | null;
  onProgress?: (done: number, total: number) => void;
  writer?: { batchSize?: number; flushIntervalMs?: number };
  /** How often the run's heartbeat is refreshed while it runs. */
  heartbeatMs?: number;
}

/** The summary columns and JSON the run row keeps (the web app reads these, never the file). */
export function runTotals(record: RunRecord, recordPath: string | null) {
  const s = record.summary;
  return {
    gatePassed: s.gate.passed,
    passRate: s.passRate,
    scoredCount: s.scored,
    passedCount: s.passed,
    skippedCount: s.skipped,
    errorCount: s.errors,
    flakyCount: s.flakyTasks.length,
    costUsd: s.costUsd,
    latencyP50Ms: s.latencyP50Ms,
    latencyP95Ms: s.latencyP95Ms,
    summary: {
      ...s,
      schemaVersion: record.schemaVersion,
      judge: record.judge,
      gatesConfig: record.config.gates,
      taskOrder: record.tasks.map((t) => t.id),
      tasks: Object.fromEntries(record.tasks.map((t) => [t.id, t.stats])),
    },
    recordPath,
    finishedAt: new Date(record.finishedAt),
    baselineRunId: s.baseline?.previousRunId ?? null,
  };
}

export const runnerId = () => `${hostname()}:${process.pid}`;

/**
 * The CLI's deps without a server: this machine's database (suite version, run, buffered trials,
 * baseline history) and the run record on disk. Assembled here rather than in lib/engine, which
 * never touches the database.
 */
export function localDeps(options: LocalOptions): RunDeps & { interrupt(reason: string): Promise<void>; runId(): string | null } {
  let taskIds = new Map<string, string>();
  let writer: TrialWriter | null = null;
  let beat: NodeJS.Timeout | undefined;
  let current: string | null = null;
  const stopBeat = () => clearInterval(beat);
  return {
    ...cliDepsBase(options, () => current),
    async beginRun(meta: RunMeta) {
      const saved = await saveSuiteVersion(suiteVersionInput(meta.suite));
      taskIds = saved.taskIds;
      if (meta.resumed) await resumeRun(meta.runId, runnerId());
      else {
        await createRun({
          id: meta.runId,
          suiteVersionId: saved.suiteVersionId,
          agentSpec: meta.agentSpec,
          judgeVersionId: meta.judge?.versionId ?? null,
          // The judge as it stood at the start, frozen on the run: its page never shows today's state instead.
          judgeState: meta.judge ? (meta.judge.state ?? (meta.judge.approved ? "gating" : "shadow")) : null,
          judgeVersionHash: meta.judge?.hash ?? null,
          judgeCalibrationId: meta.judge?.calibrationId ?? null,
          trialsPerTask: meta.trials,
          concurrency: meta.concurrency,
          threshold: meta.threshold,
          startedAt: new Date(meta.startedAt),
          createdById: options.createdById ?? null,
          agentLabel: meta.source.agentLabel,
          gitCommit: meta.source.commit,
          gitBranch: meta.source.branch,
          ciJob: meta.source.ciJob,
          onDefaultBranch: meta.source.onDefaultBranch,
          runner: runnerId(),
        });
      }
      current = meta.runId;
      writer = createTrialWriter(meta.runId, options.writer);
      beat = setInterval(() => void heartbeat(meta.runId).catch(() => undefined), options.heartbeatMs ?? 10_000);
      beat.unref();
    },
    saveTrial(trial) {
      writer!.add(toTrialRow(trial, taskIds.get(trial.taskId)!));
    },
    findBaseline,
    async finishRun(record: RunRecord) {
      stopBeat();
      // A distributed run is finished by the process that followed it: its workers stored the trials.
      await writer?.close();
      const file = path.join(options.outDir, `${record.runId}.json`);
      writeRecordFile(file, record);
      await completeRun(record.runId, runTotals(record, path.relative(process.cwd(), file) || file));
      // Queued in this database; the app's dispatcher (its process polls the table) delivers them. Imported
      // here, not at the top: it reaches the Prisma client, which `gavel run` loads only when a run needs it.
      const { emitRunFinished } = await import("@/lib/webhooks/run-events");
      await emitRunFinished({
        runId: record.runId,
        suite: record.suite.name,
        agentLabel: record.source.agentLabel,
        summary: record.summary,
        url: null,
        deliverNow: false,
      });
      return { record, recordPath: file };
    },
    async abortRun(runId, error) {
      stopBeat();
      await writer?.close().catch(() => undefined);
      await failRun(runId, error.message, new Date());
    },
    async interrupt(reason: string) {
      stopBeat();
      if (!current) return;
      // Every finished trial is kept: the resumed run will not run it again.
      await writer?.close().catch(() => undefined);
      await interruptRun(current, reason);
    },
  };
}
