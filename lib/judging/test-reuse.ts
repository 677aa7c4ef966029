import "server-only";
import { testSplitReuse } from "../db/calibrations";
import { testReuseLimit, testReuseWarning } from "../judges/test-reuse";

/** The test-reuse warnings for a judge (only the label set given, when one is), at the configured limit. */
export async function testReuseWarnings(judge: { id: string; name: string }, queueId?: string | null): Promise<string[]> {
  const limit = testReuseLimit();
  const reuse = await testSplitReuse(judge.id);
  return reuse
    .filter((r) => !queueId || r.queueId === queueId)
    .flatMap((r) => {
      const warning = testReuseWarning(r, judge.name, limit);
      return warning ? [warning] : [];
    });
}
