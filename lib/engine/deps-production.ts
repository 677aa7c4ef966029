import path from "node:path";
import { saveSuiteVersion } from "@/lib/db/suites";
import { completeRun, createRun, failRun } from "@/lib/db/runs";
import { createTrialWriter, type TrialRow, type TrialWriter } from "@/lib/db/trial-writer";
import { newRunId, preciseNow, type RunDeps } from "./deps";
import type { JudgeClient } from "./judge";
import { writeRecordFile, type RunMeta, type RunRecord } from "./record";
import type { Agent, TrialResult } from "./types";

export interface ProductionOptions {
  agent: Agent;
  judge?: JudgeClient;
  /** Folder for results/<run-id>.json. */
  outDir: string;
  createdById?: string | null;
  onProgress?: (done: number, total: number) => void;
  writer?: { batchSize?: number; flushIntervalMs?: number };
}

function toRow(trial: TrialResult, taskId: string): TrialRow {
  return {
    taskId,
    trialIndex: trial.trialIndex,
    verdict: trial.verdict,
    score: trial.score,
    output: trial.output,
    trajectory: trial.trajectory,
    finalState: trial.finalState,
    costUsd: trial.costUsd,
    latencyMs: trial.latencyMs,
    steps: trial.trajectory.length,
    // Why the runner ended the trial early (a stop); grader reasons live on the grader rows.
    error: trial.stop?.message ?? null,
    startedAt: new Date(trial.startedAt),
    finishedAt: new Date(trial.finishedAt),
    graders: trial.graders.map((g) => ({
      position: g.position,
      kind: g.kind,
      config: g.config,
      status: g.status,
      score: g.score ?? null,
      reason: g.step !== undefined ? `${g.reason} [step ${g.step + 1}]` : g.reason,
      shadow: g.shadow ?? false,
      judgeVersionId: g.judgeVersionId ?? null,
    })),
  };
}

/** The CLI's deps: the database (suite version, run, buffered trials) and the run record on disk. */
export function productionDeps(options: ProductionOptions): RunDeps {
  let taskIds = new Map<string, string>();
  let writer: TrialWriter | null = null;
  return {
    agent: options.agent,
    judge: options.judge,
    now: preciseNow,
    newRunId: () => newRunId(),
    onProgress: options.onProgress,
    async beginRun(meta: RunMeta) {
      const saved = await saveSuiteVersion({
        name: meta.suite.name,
        description: meta.suite.description,
        hash: meta.suite.hash,
        definition: meta.suite.definition,
        tasks: meta.suite.tasks.map((t) => ({ key: t.id, contractHash: t.contractHash, prompt: t.prompt, category: t.category, difficulty: t.difficulty, definition: t.definition })),
      });
      taskIds = saved.taskIds;
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
      });
      writer = createTrialWriter(meta.runId, options.writer);
    },
    saveTrial(trial) {
      writer!.add(toRow(trial, taskIds.get(trial.taskId)!));
    },
    async finishRun(record: RunRecord) {
      await writer!.close();
      const file = path.join(options.outDir, `${record.runId}.json`);
      writeRecordFile(file, record);
      const s = record.summary;
      await completeRun(record.runId, {
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
        summary: { ...s, schemaVersion: record.schemaVersion, judge: record.judge, tasks: Object.fromEntries(record.tasks.map((t) => [t.id, t.stats])) },
        recordPath: path.relative(process.cwd(), file) || file,
        finishedAt: new Date(record.finishedAt),
      });
      return file;
    },
    async abortRun(runId, error) {
      await writer?.close().catch(() => undefined);
      await failRun(runId, error.message, new Date());
    },
  };
}
