import { getJudgeVersion } from "@/lib/db/judges";
import type { Scope } from "@/lib/roles";
import { requireFound } from "../../../require-found";

/** The judge version pages' guard (as requireQueue is the queue pages'): the role, then the version or a 404. */
export async function requireJudgeVersion(scope: Scope, params: Promise<{ versionId: string }>) {
  const { user, found: version } = await requireFound(scope, params, ({ versionId }) => getJudgeVersion(versionId));
  return { user, version };
}
