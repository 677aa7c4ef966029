import { z } from "zod";
import { defineGrader } from "./types";

/**
 * An LLM judge, reached through the JudgeClient the run was given. Without one the verdict is
 * skipped, never pass. A client whose version is not approved still grades, but its verdict is
 * marked shadow and the run never counts it.
 */
export const judge = defineGrader({
  kind: "judge",
  description: "An LLM judge grades the output against the task's rubric; skipped when the run has no judge; shadow (not counted) when the judge version is not approved.",
  configSchema: z.strictObject({ rubric: z.string().min(1).optional() }),
  taskFields: ["rubric"],
  requires: { llm: true },
  async grade({ config, task, trial }, { judge: client, signal }) {
    if (!client) return { status: "skipped", reason: "no judge configured" };
    const shadow = !client.approved;
    try {
      const response = await client.grade(
        { taskId: task.id, prompt: task.prompt, rubric: config.rubric ?? null, output: trial.output, trajectory: trial.trajectory },
        signal,
      );
      const prefix = shadow ? `shadow verdict of unapproved judge ${client.label}: ` : `${client.label}: `;
      return { status: response.status, score: response.score, reason: prefix + response.reason, shadow, judgeVersionId: client.versionId, costUsd: response.costUsd };
    } catch (error) {
      return { status: "error", reason: `judge ${client.label} failed: ${(error as Error).message}`, shadow, judgeVersionId: client.versionId };
    }
  },
});
