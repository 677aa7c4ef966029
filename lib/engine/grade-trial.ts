import type { SuiteTask } from "@/datasets/load";
import { GRADERS } from "@/graders/registry";
import type { GradedTask } from "@/graders/types";
import type { JudgeClient } from "../trial/judge";
import type { GraderResultRecord, Stop, TrialOutcome, VerdictStatus } from "../trial/types";

export function gradedTask(task: SuiteTask): GradedTask {
  return { id: task.id, prompt: task.prompt, inputs: task.inputs, allowedTools: task.allowedTools };
}

/** Runs every grader of the task; a grader that throws yields an error verdict, never a pass. */
export async function runGraders(task: SuiteTask, outcome: TrialOutcome, judge: JudgeClient | undefined): Promise<GraderResultRecord[]> {
  const view = gradedTask(task);
  const results: GraderResultRecord[] = [];
  for (const grader of task.graders) {
    const definition = GRADERS[grader.kind];
    let verdict;
    try {
      verdict = await definition.grade({ config: grader.config as never, task: view, trial: outcome }, { judge });
    } catch (error) {
      verdict = { status: "error" as const, reason: `the ${grader.kind} grader failed: ${(error as Error).message}` };
    }
    results.push({ ...verdict, position: grader.position, kind: grader.kind, config: grader.configJson });
  }
  return results;
}

const STOP_VERDICT: Record<Stop["kind"], VerdictStatus> = {
  blocked_tool: "fail",
  max_steps: "fail",
  max_cost: "fail",
  // A hung or crashed agent says nothing about its answers: an error, never a pass or a fail.
  timeout: "error",
  agent_error: "error",
};

export function stopVerdict(stop: Stop): VerdictStatus {
  return STOP_VERDICT[stop.kind];
}

export interface Combined {
  verdict: VerdictStatus;
  score: number | null;
  reason: string;
  failingStep: number | null;
}

/**
 * Several graders give partial credit (the mean score of the scored ones) and one verdict: a
 * definite fail wins, then an error, then a skip; pass only when every counted grader passed.
 * Shadow verdicts (an unapproved judge) are never counted.
 */
export function combineVerdicts(graders: GraderResultRecord[], stop: Stop | null): Combined {
  const counted = graders.filter((g) => !g.shadow);
  const scores = counted.filter((g) => (g.status === "pass" || g.status === "fail") && g.score !== undefined).map((g) => g.score!);
  const score = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  const by = (status: VerdictStatus) => counted.filter((g) => g.status === status);
  const explain = (list: GraderResultRecord[]) => list.map((g) => `${g.kind}: ${g.reason}`).join(" | ");
  const firstStep = (list: GraderResultRecord[]) => {
    const steps = list.map((g) => g.step).filter((s): s is number => s !== undefined);
    return steps.length ? Math.min(...steps) : null;
  };

  if (stop) {
    const verdict = stopVerdict(stop);
    return { verdict, score: verdict === "error" ? null : score, reason: stop.message, failingStep: stop.step ?? firstStep(by("fail")) };
  }
  if (by("fail").length) return { verdict: "fail", score, reason: explain(by("fail")), failingStep: firstStep(by("fail")) };
  if (by("error").length) return { verdict: "error", score, reason: explain(by("error")), failingStep: firstStep(by("error")) };
  if (counted.length === 0) {
    const why = graders.length ? `only shadow verdicts (${explain(graders)})` : "no graders";
    return { verdict: "skipped", score: null, reason: why, failingStep: null };
  }
  if (by("skipped").length) return { verdict: "skipped", score, reason: explain(by("skipped")), failingStep: null };
  return {
    verdict: "pass",
    score,
    reason: counted.length === 1 ? `${counted[0]!.kind}: ${counted[0]!.reason}` : `all ${counted.length} graders pass`,
    failingStep: null,
  };
}
