import { newRunId, preciseNow, type RunDeps } from "@/lib/engine/deps";

/**
 * What the CLI's two RunDeps (deps-local.ts, deps-server.ts) share: the agent, judge and progress as
 * given, the precise clock, fresh run ids, and `runId()`: the run being stored, null before beginRun.
 */
export function cliDepsBase(options: Pick<RunDeps, "agent" | "judge" | "onProgress">, runId: () => string | null) {
  return {
    agent: options.agent,
    judge: options.judge,
    now: preciseNow,
    newRunId: () => newRunId(),
    onProgress: options.onProgress,
    runId,
  };
}
