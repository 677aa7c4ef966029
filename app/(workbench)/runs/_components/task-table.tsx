import Link from "next/link";
import { Table, Td, Th } from "@/app/_components/ui/table";
import type { RunReport } from "@/lib/db/runs";
import type { TaskStats } from "@/lib/engine/reducers";
import { ratio } from "@/lib/format";
import { VerdictBadge } from "./verdict-badge";

type Task = RunReport["tasks"][number];
type Trial = RunReport["run"]["trials"][number];

/** One row per task: each trial's verdict (a link to it), pass@k, pass^k and the task's status. */
export function TaskTable({ tasks, trialsByTask, stats, k, runId }: { tasks: Task[]; trialsByTask: Map<string, Trial[]>; stats: Record<string, TaskStats>; k: number; runId: string }) {
  return (
    <Table aria-label="Tasks">
      <thead className="bg-stone-50">
        <tr>
          <Th>Task</Th>
          <Th>Tags</Th>
          <Th>Trials</Th>
          <Th>pass@{k}</Th>
          <Th>pass^{k}</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {tasks.map((task) => {
          const s = stats[task.key];
          const trials = trialsByTask.get(task.id) ?? [];
          const href = (index: number) => `/runs/${encodeURIComponent(runId)}?task=${encodeURIComponent(task.key)}#trial-${task.key}-${index + 1}`;
          return (
            <tr key={task.id} data-testid={`task-row-${task.key}`}>
              <Td className="font-mono text-xs">
                <Link href={`/runs/${encodeURIComponent(runId)}?task=${encodeURIComponent(task.key)}#task-${task.key}`} className="text-indigo-700 hover:underline">
                  {task.key}
                </Link>
              </Td>
              <Td className="text-xs text-stone-600">{[task.category, task.difficulty].filter(Boolean).join(" · ") || "—"}</Td>
              <Td>
                <span className="flex flex-wrap gap-1">
                  {trials.map((trial) => (
                    <Link key={trial.id} href={href(trial.trialIndex)} aria-label={`${task.key} trial ${trial.trialIndex + 1}: ${trial.verdict}`}>
                      <VerdictBadge value={trial.verdict} />
                    </Link>
                  ))}
                </span>
              </Td>
              <Td>{ratio(s?.passAtK)}</Td>
              <Td>{ratio(s?.passPowerK)}</Td>
              <Td>
                <VerdictBadge value={s?.status ?? null} />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
