import type { Command } from "commander";
import type { JudgeClient, JudgeRequest } from "@/lib/engine/judge";
import type { Step } from "@/lib/engine/types";
import { createJudgeClient, type JudgeClient as VersionClient } from "@/lib/judges/client";
import { UsageError } from "./exit";

/**
 * `gavel run --judge <judge-version>`: the version (id, hash prefix or name@N) grades every task
 * whose graders include `judge`. An approved version's verdicts count; an unapproved one still
 * grades, in shadow, and the summary says why it is not approved.
 */
export function addJudgeOptions(command: Command): Command {
  return command.option(
    "--judge <judge-version>",
    "LLM judge for `judge` graders: a version id, hash prefix (8+ hex) or name@N; an unapproved version grades in shadow",
  );
}

export async function resolveJudge(options: Record<string, unknown>): Promise<JudgeClient | undefined> {
  const ref = options.judge;
  if (ref === undefined) return undefined;
  if (typeof ref !== "string" || !ref.trim()) throw new UsageError("--judge needs a judge version: an id, a hash prefix or name@N.");
  let client: VersionClient;
  try {
    client = await createJudgeClient(ref);
  } catch (error) {
    throw new UsageError(`--judge: ${error instanceof Error ? error.message : String(error)}`);
  }
  return forRunner(client);
}

/** Adapts a judge version's client to the runner's seam. */
export function forRunner(client: VersionClient): JudgeClient {
  return {
    versionId: client.versionId,
    hash: client.hash,
    label: client.label,
    approved: client.approved,
    approvalReason: client.approvalReason,
    async grade(request: JudgeRequest) {
      const grade = await client.grade({
        taskPrompt: request.prompt,
        rubric: request.rubric,
        output: request.output,
        transcript: renderTrajectory(request.trajectory),
      });
      return { status: grade.status, score: grade.score, reason: grade.reason, costUsd: grade.costUsd ?? undefined };
    },
  };
}

/** The agent's tool calls as plain text for the judge prompt's {{transcript}}. */
export function renderTrajectory(steps: readonly Step[]): string {
  return steps
    .map((step) => {
      const outcome = step.blocked ? `blocked: ${step.error ?? ""}` : step.error ? `error: ${step.error}` : JSON.stringify(step.result ?? null);
      return `${step.index + 1}. ${step.tool}(${JSON.stringify(step.args ?? null)}) -> ${outcome}`;
    })
    .join("\n");
}
