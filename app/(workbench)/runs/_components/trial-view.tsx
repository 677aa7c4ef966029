import { Badge } from "@/app/_components/ui/badge";
import { ms, usd } from "@/lib/format";
import type { RunPage } from "@/lib/db/run-page";
import { LongText } from "./long-text";
import { TrajectoryTable, type StepView } from "./trajectory-table";
import { HiddenBadge, VerdictBadge } from "./verdict-badge";

type Trial = NonNullable<RunPage["open"]>["trials"][number];

/** One trial: its verdict, each grader's verdict with its reason, the output and the trajectory. */
export function TrialView({ trial, taskKey, open, hidden }: { trial: Trial; taskKey: string; open: boolean; hidden: boolean }) {
  const steps = (Array.isArray(trial.trajectory) ? trial.trajectory : []) as unknown as StepView[];
  return (
    <details open={open} id={`trial-${taskKey}-${trial.trialIndex + 1}`} className="group rounded-md border border-stone-200 p-4">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Trial {trial.trialIndex + 1}</span>
        {hidden ? <HiddenBadge /> : <VerdictBadge value={trial.verdict} />}
        <span className="text-stone-500">
          {ms(trial.latencyMs)} · {steps.length} steps · cost {usd(trial.costUsd)}
          {trial.score !== null ? ` · score ${trial.score.toFixed(2)}` : ""}
        </span>
      </summary>
      <article className="mt-3 space-y-3" aria-label={`Trial ${trial.trialIndex + 1} of ${taskKey}`}>
        {trial.error ? <p className="text-sm font-medium text-red-800">Stopped by the runner: {trial.error}</p> : null}
        <ul className="space-y-1 text-sm" aria-label="Grader verdicts">
          {trial.graderResults.map((g) => (
            <li key={g.position} className="flex flex-wrap items-baseline gap-2">
              <span className="font-mono text-xs text-stone-600">{g.kind}</span>
              <VerdictBadge value={g.status} />
              {g.shadow ? (
                <Badge tone="info" title="Verdict of an unapproved judge: recorded, not counted">
                  shadow
                </Badge>
              ) : null}
              {g.score !== null ? <span className="text-xs text-stone-500">{g.score.toFixed(2)}</span> : null}
              <span className="min-w-0 flex-1 break-words text-stone-700">{g.reason}</span>
            </li>
          ))}
        </ul>
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Output</h4>
          <LongText value={trial.output ?? ""} label="output" limit={600} />
        </div>
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Trajectory</h4>
          <TrajectoryTable steps={steps} anchor={`trial-${taskKey}-${trial.trialIndex + 1}`} />
        </div>
      </article>
    </details>
  );
}
