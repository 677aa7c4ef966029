import { z } from "zod";
import { defineGrader } from "./types";

/**
 * An LLM judge, reached through the JudgeClient the run was given. Without one the verdict is
 * skipped, never pass. A client whose version does not gate still grades, but its verdict is marked
 * shadow and the run never counts it.
 *
 * `judge` names the judge the task is meant for (a name, or name@N); `pass_score` makes the task a
 * graded one (a 1–5 score at or above it passes). Both are checked against the judge's own kind
 * before anything runs (`gavel validate`, `gavel run --judge`).
 */
const configSchema = z.strictObject({
  rubric: z.string().min(1).optional(),
  judge: z.string().trim().min(1, "name a judge (name or name@N)").optional(),
  pass_score: z
    .int("pass_score must be a whole score from 1 to 5")
    .min(1, "pass_score must be from 1 to 5")
    .max(5, "pass_score must be from 1 to 5")
    .optional(),
});

/** The kind of item a judge task is: graded with a pass_score, binary (pass / fail) otherwise. A run's trial has one output, so never pairwise. */
export function judgeTaskKind(config: { pass_score?: number }): "binary" | "graded" {
  return config.pass_score === undefined ? "binary" : "graded";
}

export const judge = defineGrader({
  kind: "judge",
  description:
    "An LLM judge grades the trial (prompt, tool calls, output, final state) against the task's rubric; skipped when the run has no judge; shadow (not counted) when the judge version does not gate.",
  configSchema,
  taskFields: ["rubric", "judge", "pass_score"],
  requires: { llm: true },
  async grade({ config, task, trial }, { judge: client, signal }) {
    if (!client) return { status: "skipped", reason: "no judge configured" };
    const shadow = !client.approved;
    try {
      const response = await client.grade(
        {
          taskId: task.id,
          prompt: task.prompt,
          rubric: config.rubric ?? null,
          output: trial.output,
          trajectory: trial.trajectory,
          finalState: trial.finalState,
          passScore: config.pass_score,
        },
        signal,
      );
      const prefix = shadow
        ? `shadow verdict of ${client.state && client.state !== "shadow" ? `${client.state} ` : "unapproved "}judge ${client.label}: `
        : `${client.label}: `;
      return {
        status: response.status,
        score: response.score,
        reason: prefix + response.reason,
        shadow,
        judgeVersionId: client.versionId,
        costUsd: response.costUsd,
      };
    } catch (error) {
      return {
        status: "error",
        reason: `judge ${client.label} failed: ${(error as Error).message}`,
        shadow,
        judgeVersionId: client.versionId,
      };
    }
  },
});
