import "server-only";
import { getJudgeVersion } from "../db/judges";
import { labelMoreForJudge, loadPool, type DrawResult } from "../db/sampling";
import { saveVerdict } from "../db/verdicts";
import { UserError } from "../errors";
import type { ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, realCallDeps, type CallDeps } from "../judges/call";
import { providerForVersion } from "./providers";
import { runJudge } from "../judges/run-judge";
import { toJudgeInput } from "../judges/transcript-input";

/**
 * "Label more for this judge", end to end: the stratifying judge first sorts every transcript of the label set's
 * sources it has not judged yet (its verdict is the stratum), then a stratified draw sized from the gate plan goes to
 * the label set's test split for reviewers.
 */
export async function labelMore(input: {
  versionId: string;
  queueId: string;
  actorId: string | null;
  size?: number;
  /** Refuse (before any call) when sorting the pool would take more judge calls than this. */
  maxCalls?: number;
  overrides?: { provider?: ModelProvider; deps?: CallDeps };
}): Promise<DrawResult & { judged: number }> {
  const pool = await loadPool(input.queueId, input.versionId);
  let judged = 0;
  if (pool.unjudged.length > 0) {
    if (input.maxCalls !== undefined && pool.unjudged.length > input.maxCalls) {
      throw new UserError(
        `${pool.unjudged.length} transcripts need the judge's verdict first, more than the ${input.maxCalls} calls a page may wait for: run \`gavel judge run\` over them, then try again.`,
        422,
      );
    }
    const version = await getJudgeVersion(pool.stratifier);
    if (!version) throw new UserError("The judge version that stratifies this label set no longer exists.", 409);
    const progress = await runJudge(
      version,
      pool.unjudged.map((t) => ({ transcriptId: t.id, input: toJudgeInput(t, pool.queue.rubric) })),
      { concurrency: 4, repeats: 1, bothOrders: false },
      {
        provider: input.overrides?.provider ?? providerForVersion(version),
        policy: DEFAULT_CALL_POLICY,
        deps: input.overrides?.deps ?? realCallDeps,
        save: (verdict) => saveVerdict(version.id, verdict).then(() => undefined),
      },
    );
    judged = progress.completed;
  }
  const draw = await labelMoreForJudge({ versionId: input.versionId, queueId: input.queueId, size: input.size, actorId: input.actorId });
  return { ...draw, judged };
}
