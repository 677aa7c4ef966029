import type { SuiteTask } from "@/datasets/load";
import { runEpisode } from "./episode";
import { combineVerdicts, runGraders, stopVerdict } from "./grade-trial";
import type { JudgeClient } from "../trial/judge";
import { Sandbox, type SandboxDefinition } from "../trial/sandbox";
import type { Agent, AgentInput, GraderResultRecord, Stop, TrialOutcome, TrialResult } from "../trial/types";
import { replaceNul } from "../text/nul";

export interface TrialContext {
  runId: string;
  agent: Agent;
  sandbox: SandboxDefinition | null;
  judge?: JudgeClient;
  now: () => number;
}

/** What went wrong at the failing step: the runner's stop, or the graders that point at it. */
function failingNote(index: number, graders: GraderResultRecord[], stop: Stop | null, fallback: string): string {
  if (stop && stop.step === index) return stop.message;
  const here = graders.filter((g) => !g.shadow && g.step === index && (g.status === "fail" || g.status === "error"));
  if (here.length === 0) return fallback;
  return `${here.map((g) => g.kind).join(" and ")} failed here: ${here[0]!.reason}`;
}

/** One attempt at one task, from a fresh sandbox to its graded verdict. */
export async function runTrial(task: SuiteTask, trialIndex: number, ctx: TrialContext): Promise<TrialResult> {
  const startedAt = ctx.now();
  // Every trial builds its own world from the seed: no trial sees another's changes.
  const sandbox = ctx.sandbox ? new Sandbox(ctx.sandbox, task.seed) : null;
  const input: AgentInput = {
    sessionId: `${ctx.runId}:${task.id}:${trialIndex}`,
    taskId: task.id,
    trialIndex,
    prompt: task.prompt,
    inputs: task.inputs,
    tools: sandbox?.toolSpecs(task.allowedTools) ?? [],
  };
  const episode = await runEpisode(ctx.agent, input, task, sandbox, ctx.now);
  // What the agent produced is untrusted text: a NUL becomes U+FFFD here, before grading, so the
  // graders, both databases and the record all hold the same characters (lib/text/nul.ts).
  const outcome: TrialOutcome = {
    output: replaceNul(episode.result?.output ?? null),
    trajectory: replaceNul(episode.trajectory),
    initialState: sandbox?.initialState ?? null,
    finalState: replaceNul(sandbox?.snapshot() ?? null),
    costUsd: episode.costUsd,
    tokens: episode.tokens,
    latencyMs: ctx.now() - startedAt,
    stop: replaceNul(episode.stop),
  };
  // An errored trial (hung or crashed agent) has nothing trustworthy to grade.
  // A judge's reason is model output too.
  const graders = replaceNul(episode.stop && stopVerdict(episode.stop) === "error" ? [] : await runGraders(task, outcome, ctx.judge));
  const combined = combineVerdicts(graders, episode.stop);
  const trajectory = outcome.trajectory.map((step) =>
    step.index === combined.failingStep ? { ...step, failing: failingNote(step.index, graders, episode.stop, combined.reason) } : step,
  );
  return {
    ...outcome,
    trajectory,
    taskId: task.id,
    trialIndex,
    verdict: combined.verdict,
    score: combined.score,
    reason: combined.reason,
    graders,
    failingStep: combined.failingStep,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(ctx.now()).toISOString(),
  };
}
