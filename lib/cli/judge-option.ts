import type { Command } from "commander";
import type { JudgeClient } from "@/lib/engine/judge";

/**
 * Extension point for the judges module: it adds `--judge <judge-version>` to `gavel run` here and
 * resolves it to a JudgeClient (approved or not; an unapproved one grades in shadow). Until then a
 * run has no judge, and every judge grader is skipped ("no judge configured").
 */
export function addJudgeOptions(command: Command): Command {
  return command;
}

export async function resolveJudge(_options: Record<string, unknown>): Promise<JudgeClient | undefined> {
  return undefined;
}
