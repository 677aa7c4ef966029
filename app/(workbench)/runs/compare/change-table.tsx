import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import type { MetricDelta, TaskChange } from "@/lib/compare/compare";
import { trialPath } from "@/lib/compare/links";
import type { FailingTrial } from "@/lib/db/compare";
import { formatMetric, points } from "@/lib/format";
import { metricDefinition } from "@/lib/gates/run-metrics";
import { VerdictBadge } from "../_components/verdict-badge";

/** Tasks whose status changed one way; each links to its failing trial in the head run, opened at the failing step. */
export function ChangeTable({
  title,
  changes,
  failing,
  headRunId,
}: {
  title: string;
  changes: TaskChange[];
  failing: Map<string, FailingTrial>;
  headRunId: string;
}) {
  return (
    <Card aria-label={title}>
      <CardHeader title={`${title} (${changes.length})`} />
      {changes.length === 0 ? (
        <CardBody className="text-sm text-stone-500">None.</CardBody>
      ) : (
        <Table aria-label={`${title} tasks`}>
          <TableHead columns={["Task", "Base", "Head", "Where it broke (head)"]} />
          <tbody className="divide-y divide-stone-100">
            {changes.map((t) => {
              const f = failing.get(t.taskId);
              const args = f ? (JSON.stringify(f.args) ?? "") : "";
              return (
                <tr key={t.taskId} data-testid={`change-${t.taskId}`}>
                  <Td className="font-mono text-xs">
                    {t.taskId}
                    {t.contractChanged ? <span className="ml-1 text-amber-800">(contract changed)</span> : null}
                  </Td>
                  <VerdictCell verdict={t.from} tally={t.base} />
                  <VerdictCell verdict={t.to} tally={t.head} />
                  <Td className="text-sm">
                    {f ? (
                      <Link className="text-indigo-700 underline" href={trialPath(headRunId, t.taskId, f.trialIndex, f.step)}>
                        trial {f.trialIndex + 1}
                        {f.step !== null ? `, step ${f.step + 1} ${f.tool} ${args.length > 80 ? `${args.slice(0, 80)}…` : args}` : ""}
                      </Link>
                    ) : (
                      <Link
                        className="text-indigo-700 underline"
                        href={`/runs/${encodeURIComponent(headRunId)}?task=${encodeURIComponent(t.taskId)}`}
                      >
                        its trials
                      </Link>
                    )}
                    {f?.reason ? <p className="mt-0.5 text-xs text-stone-600">{f.reason}</p> : null}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

const show = (m: MetricDelta, x: number | null) => formatMetric(m.unit, x);
/** A fall of a metric where higher is better (lib/gates/run-metrics.ts): a regression. */
const regressed = (m: MetricDelta) => m.delta !== null && m.unit === "rate" && m.delta < 0 && metricDefinition(m.id)?.better === "higher";

export function MetricTable({ metrics }: { metrics: MetricDelta[] }) {
  return (
    <Card aria-label="Metrics">
      <CardHeader
        title="Metrics"
        description="Every tracked metric in both runs. Rates move in points; an undefined value stays undefined."
      />
      <Table aria-label="Metric deltas">
        <TableHead columns={["Metric", "Base", "Head", "Change"]} />
        <tbody className="divide-y divide-stone-100">
          {metrics.map((m) => (
            <tr key={m.id}>
              <Td className="text-sm">{m.name}</Td>
              <Td className="text-sm">{show(m, m.base)}</Td>
              <Td className="text-sm">{show(m, m.head)}</Td>
              <Td className={`text-sm ${regressed(m) ? "text-red-800" : ""}`}>
                {m.delta === null
                  ? "undefined"
                  : m.unit === "rate"
                    ? points(m.delta)
                    : `${m.delta >= 0 ? "+" : "−"}${show(m, Math.abs(m.delta))}`}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

/** One side of a task's change: its status and how many of its trials passed (c of n). */
function VerdictCell({ verdict, tally }: { verdict: TaskChange["from"]; tally: TaskChange["base"] }) {
  return (
    <Td>
      <VerdictBadge value={verdict} />{" "}
      <span className="text-xs text-stone-500">
        {tally.c}/{tally.n}
      </span>
    </Td>
  );
}
