/** The parts of lib/db/queue-admin's CreatedQueue this message reads (pure modules do not import lib/db). */
interface Created {
  queue: { name: string };
  items: number;
  fromRun?: { notPassing: number; sampledPasses: number; passes: number; trials: number; distinct: number };
  /** Worked examples written on the new-queue form. */
  examples?: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * What "Create queue" reports. From a run, the trials taken and the distinct transcripts they make are
 * both named: identical outputs share one transcript and so one item, and a queue of 35 items from 105
 * trials must say why, not leave the reviewer to wonder where 70 went.
 */
export function createdQueueMessage(created: Created): string {
  const base = `Created the queue "${created.queue.name}" with ${plural(created.items, "item")}${created.examples ? ` and ${plural(created.examples, "worked example")}` : ""}`;
  const run = created.fromRun;
  if (!run) return `${base}.`;
  const taken = `${plural(run.notPassing, "trial")} that did not pass, ${run.sampledPasses.toLocaleString("en")} of ${plural(run.passes, "pass", "passes")} sampled`;
  const shared =
    run.distinct < run.trials
      ? ` ${plural(run.trials, "trial")}, ${plural(run.distinct, "distinct transcript")}: identical outputs share one item.`
      : "";
  return `${base} (${taken}).${shared}`;
}

const count = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);

/** The same figures read back from the queue's "queue.created" audit event (older events lack trials/distinct). */
export function createdFromAudit(details: unknown): Omit<Created, "queue"> {
  const d = (details ?? {}) as Record<string, unknown>;
  const items = count(d.items) ?? 0;
  const examples = count(d.writtenExamples) ?? 0;
  const [notPassing, sampledPasses, passes, trials, distinct] = [d.notPassing, d.sampledPasses, d.passes, d.trials, d.distinct].map(count);
  if (notPassing == null || sampledPasses == null || passes == null) return { items, ...(examples ? { examples } : {}) };
  return {
    items,
    ...(examples ? { examples } : {}),
    fromRun: { notPassing, sampledPasses, passes, trials: trials ?? notPassing + sampledPasses, distinct: distinct ?? items },
  };
}
