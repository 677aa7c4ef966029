import Link from "next/link";
import { Card } from "@/app/_components/ui/card";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { cx } from "@/app/_components/ui/cx";
import type { RunPage, RunPageQuery } from "@/lib/db/run-page";
import { ratio, undefinedPassAtKNote } from "@/lib/format";
import { runHref } from "./run-query";
import { HiddenBadge, VerdictBadge } from "./verdict-badge";

/** One page of tasks: each trial's verdict (a link to it), pass@k, pass^k, status, change vs baseline and why it failed. */
export function TaskTable({ runId, query, data }: { runId: string; query: RunPageQuery; data: RunPage }) {
  const k = data.run.trialsPerTask;
  const from = (data.page - 1) * 50 + 1;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-5 py-3 text-sm text-stone-600">
        <span>
          {data.matchingTasks === 0
            ? "No task matches these filters."
            : `Tasks ${from}–${from + data.tasks.length - 1} of ${data.matchingTasks}`}
          {data.matchingTasks !== data.totalTasks ? ` (${data.totalTasks} in the run)` : ""}
        </span>
        <span className="flex items-center gap-3">
          {data.page > 1 ? (
            <Link
              data-key="p"
              className="text-indigo-700 hover:underline"
              href={runHref(runId, query, { page: data.page - 1, task: null })}
            >
              ← Previous
            </Link>
          ) : null}
          <span>
            page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? (
            <Link
              data-key="n"
              className="text-indigo-700 hover:underline"
              href={runHref(runId, query, { page: data.page + 1, task: null })}
            >
              Next →
            </Link>
          ) : null}
        </span>
      </div>
      <Table aria-label="Tasks">
        <TableHead columns={["Task", "Tags", "Trials", `pass@${k}`, `pass^${k}`, "Status", "Why"]} />
        <tbody className="divide-y divide-stone-100">
          {data.tasks.map((task) => {
            const s = data.stats[task.key];
            const trials = data.trialsByTask.get(task.id) ?? [];
            const bad = trials.find((t) => t.verdict === "fail" || t.verdict === "error");
            const why = bad
              ? (bad.error ?? (bad.graderResults[0] ? `${bad.graderResults[0].kind}: ${bad.graderResults[0].reason}` : null))
              : null;
            const was = data.baseline?.stats[task.key]?.status;
            return (
              <tr key={task.id} data-testid={`task-row-${task.key}`} className={cx(query.task === task.key && "bg-indigo-50")}>
                <Td className="font-mono text-xs">
                  <Link href={runHref(runId, query, { task: task.key }, `task-${task.key}`)} className="text-indigo-700 hover:underline">
                    {task.key}
                  </Link>
                </Td>
                <Td className="text-xs text-stone-600">
                  {Object.entries(task.tags)
                    .map(([key, v]) => (key === "category" || key === "difficulty" ? String(v) : `${key}=${v}`))
                    .join(" · ") || "—"}
                </Td>
                <Td>
                  <span className="flex flex-wrap gap-1">
                    {trials.map((trial) => (
                      <Link
                        key={trial.id}
                        href={runHref(
                          runId,
                          query,
                          { task: task.key, trial: trial.trialIndex + 1 },
                          `trial-${task.key}-${trial.trialIndex + 1}`,
                        )}
                        aria-label={`${task.key} trial ${trial.trialIndex + 1}: ${data.blindTrials.has(trial.id) ? "hidden until you label" : trial.verdict}`}
                      >
                        {data.blindTrials.has(trial.id) ? <HiddenBadge /> : <VerdictBadge value={trial.verdict} />}
                      </Link>
                    ))}
                  </span>
                </Td>
                <Td>{ratio(s?.passAtK)}</Td>
                <Td>{ratio(s?.passPowerK)}</Td>
                <Td>
                  {data.blindTasks.has(task.key) ? <HiddenBadge /> : <VerdictBadge value={s?.status ?? null} />}
                  {task.changed && was ? (
                    <span className="ml-1 text-xs text-amber-800" title="Status in the baseline run">
                      was {was}
                    </span>
                  ) : null}
                </Td>
                <Td className="max-w-md text-xs text-stone-700">{why ? <span className="line-clamp-2 break-words">{why}</span> : null}</Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {data.tasks.some((task) => data.stats[task.key]?.passAtK == null || data.stats[task.key]?.passPowerK == null) ? (
        <p className="border-t border-stone-200 px-5 py-2 text-xs text-stone-600" data-testid="undefined-note">
          {undefinedPassAtKNote(k)}.
        </p>
      ) : null}
    </Card>
  );
}
