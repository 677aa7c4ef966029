import pLimit from "p-limit";
import type { JudgeInput, JudgeOrder, JudgeVersionLike } from "./request";
import { judgeOrders } from "./kinds";
import { judgeOne, type JudgeContext, type VerdictOutcome } from "./judge-one";

export interface JudgeItem {
  transcriptId: string;
  input: JudgeInput;
}

export interface RunJudgeOptions {
  concurrency: number;
  /** Ask each item this many times (k ≥ 2 measures the judge's flip rate). */
  repeats: number;
  /** Pairwise judges: ask in both orders (measures position consistency). */
  bothOrders: boolean;
  /** Calls already answered (key: transcriptId/order/repeat) are not asked again. */
  done?: ReadonlySet<string>;
}

export interface StoredVerdict extends VerdictOutcome {
  transcriptId: string;
  repeat: number;
}

export interface RunJudgeDeps extends JudgeContext {
  save: (verdict: StoredVerdict) => Promise<void>;
  onProgress?: (progress: RunJudgeProgress) => void;
}

export interface RunJudgeProgress {
  total: number;
  completed: number;
  ok: number;
  skipped: number;
  error: number;
  /** Calls that got no answer at all (skipped for a missing key, or failed before the model answered). */
  unreachable: number;
  alreadyDone: number;
}

export function callKey(transcriptId: string, order: JudgeOrder, repeat: number): string {
  return `${transcriptId}/${order}/${repeat}`;
}

/**
 * Runs a judge version over items with bounded concurrency. Each (item, order, repeat) is one call,
 * saved as soon as it finishes, so an interrupted run keeps what it got and a rerun asks only for
 * what is missing.
 */
export async function runJudge(
  version: JudgeVersionLike,
  items: JudgeItem[],
  options: RunJudgeOptions,
  deps: RunJudgeDeps,
): Promise<RunJudgeProgress> {
  const orders: JudgeOrder[] = judgeOrders(version.parser, options.bothOrders);
  const calls: { item: JudgeItem; order: JudgeOrder; repeat: number }[] = [];
  let alreadyDone = 0;
  for (const item of items) {
    for (const order of orders) {
      for (let repeat = 0; repeat < Math.max(1, options.repeats); repeat++) {
        if (options.done?.has(callKey(item.transcriptId, order, repeat))) alreadyDone++;
        else calls.push({ item, order, repeat });
      }
    }
  }
  const progress: RunJudgeProgress = { total: calls.length, completed: 0, ok: 0, skipped: 0, error: 0, unreachable: 0, alreadyDone };
  deps.onProgress?.({ ...progress });
  const limit = pLimit(Math.max(1, options.concurrency));
  await Promise.all(
    calls.map(({ item, order, repeat }) =>
      limit(async () => {
        const outcome = await judgeOne(version, item.input, order, deps);
        await deps.save({ ...outcome, transcriptId: item.transcriptId, repeat });
        progress.completed++;
        progress[outcome.status]++;
        if (outcome.unreachable) progress.unreachable++;
        deps.onProgress?.({ ...progress });
      }),
    ),
  );
  return progress;
}
