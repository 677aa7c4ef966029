import "server-only";
import { loadJudgeStatus } from "../db/approvals";
import { findJudgeByName, resolveJudgeVersionRef } from "../db/judges";
import { db } from "../db/client";

/**
 * The version a suite means when a task names a judge. `name@N`, an id or a hash prefix is that
 * version; a bare judge name is its newest version that gates now, else its newest version (which
 * then grades in shadow), so a suite need not change when a new version is approved.
 */
export async function resolveNamedJudge(ref: string) {
  const text = ref.trim();
  const judge = /@v?\d+$/.test(text) ? null : await findJudgeByName(text);
  if (!judge) return resolveJudgeVersionRef(text);
  const versions = await db().judgeVersion.findMany({ where: { judgeId: judge.id }, orderBy: { version: "desc" }, select: { id: true } });
  for (const v of versions) {
    if ((await loadJudgeStatus(v.id)).gating) return resolveJudgeVersionRef(v.id);
  }
  return resolveJudgeVersionRef(text);
}
