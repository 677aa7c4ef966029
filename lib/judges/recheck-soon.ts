/**
 * Gold labels arrive in bursts (a reviewer labels item after item, an adjudicator clears a list):
 * the recalibration a change calls for waits until a label set has been quiet for a while, then
 * runs once for the whole burst, rather than once per label. Process-local on purpose: it lives in
 * the web server, and anything it misses (a restart) is caught by the next run or `gavel judge
 * status`, which re-check before they count a judge.
 */
export const RECHECK_QUIET_MS = 30_000;

export interface RecheckScheduler {
  /** (Re)starts the quiet period of this label set. */
  schedule(queueId: string): void;
  /** Label sets waiting for their re-check. */
  pending(): string[];
}

export function createRecheckScheduler(
  run: (queueId: string) => Promise<unknown>,
  quietMs = RECHECK_QUIET_MS,
  onError: (error: unknown) => void = () => undefined,
): RecheckScheduler {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Map<string, Promise<void>>();
  const fire = (queueId: string) => {
    timers.delete(queueId);
    // One re-check of a set at a time: a burst that ends while one runs gets its own afterwards.
    const previous = running.get(queueId) ?? Promise.resolve();
    const next = previous
      .then(() => run(queueId))
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      );
    running.set(queueId, next);
    void next.finally(() => {
      if (running.get(queueId) === next) running.delete(queueId);
    });
  };
  return {
    schedule(queueId) {
      const existing = timers.get(queueId);
      if (existing) clearTimeout(existing);
      const timer = setTimeout(() => fire(queueId), quietMs);
      timer.unref?.();
      timers.set(queueId, timer);
    },
    pending: () => [...timers.keys()],
  };
}
