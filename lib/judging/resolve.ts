import "server-only";
import { loadJudgeStatus } from "./approvals";
import { findJudgeByName, judgeVersionIds, resolveJudgeVersionRef } from "../db/judges";

/**
 * The version a suite means when a task names a judge. `name@N`, an id or a hash prefix is that
 * version; a bare judge name is its newest version that gates now, else its newest version (which
 * then grades in shadow), so a suite need not change when a new version is approved.
 */
export async function resolveNamedJudge(ref: string) {
  const text = ref.trim();
  const judge = /@v?\d+$/.test(text) ? null : await findJudgeByName(text);
  if (!judge) return resolveJudgeVersionRef(text);
  for (const id of await judgeVersionIds(judge.id)) {
    if ((await loadJudgeStatus(id)).gating) return resolveJudgeVersionRef(id);
  }
  return resolveJudgeVersionRef(text);
}
