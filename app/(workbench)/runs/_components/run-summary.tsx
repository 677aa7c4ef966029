import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { ms, pct, usd } from "@/lib/format";
import type { RunSummary } from "@/lib/engine/reducers";
import type { RunPage } from "@/lib/db/run-page";

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * The run's numbers (the verdict, with the gate's reasons folded under it, leads the page above this): pass rate against
 * threshold, counts, flaky tasks, cost, latency.
 */
export function RunSummaryCard({
  run,
  summary,
}: {
  run: RunPage["run"];
  summary: Partial<RunSummary> & { error?: string; interrupted?: string };
}) {
  return (
    <Card>
      <CardHeader
        title="The run's numbers"
        description={
          summary.error
            ? `The run ended in an error: ${summary.error}`
            : summary.interrupted
              ? `Interrupted (${summary.interrupted}): its finished trials are kept. Continue it with gavel run <suite> --resume ${run.id}.`
              : undefined
        }
      />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
          <Stat label="Pass rate" value={pct(run.passRate)} />
          <Stat label="Threshold" value={pct(run.threshold)} />
          {/* "Scored 75/105" read as a score; these are trials that passed out of those graded. */}
          <Stat label="Passed" value={`${run.passedCount} of ${run.scoredCount} graded trials`} />
          <Stat label="Skipped" value={run.skippedCount} />
          <Stat label="Errors" value={run.errorCount} />
          <Stat label="Flaky tasks" value={run.flakyCount} />
          <Stat label="Cost" value={run.costUsd === null ? "no cost reported" : usd(run.costUsd)} />
          <Stat label="Latency p50 / p95" value={`${ms(run.latencyP50Ms)} / ${ms(run.latencyP95Ms)}`} />
        </dl>
        {summary.flakyTasks?.length ? <p className="text-sm text-stone-700">Flaky: {summary.flakyTasks.join(", ")}</p> : null}
        {summary.notes?.map((note) => (
          <p key={note} className="text-sm text-stone-600">
            Note: {note}
          </p>
        ))}
      </CardBody>
    </Card>
  );
}
