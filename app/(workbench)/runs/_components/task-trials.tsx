import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import type { RunPage } from "@/lib/db/run-page";
import { TrialView } from "./trial-view";

type Open = NonNullable<RunPage["open"]>;

/** The open task's trials, each collapsed but the one asked for (or else the first that did not pass, or else the first). */
export function TaskTrials({
  task,
  trials,
  openTrial,
  hidden,
}: {
  task: Open["task"];
  trials: Open["trials"];
  openTrial: number | null;
  runId: string;
  /** Trials whose verdicts the viewer may not see yet. */
  hidden: ReadonlySet<string>;
}) {
  const open = openTrial ?? (trials.find((t) => t.verdict === "fail" || t.verdict === "error")?.trialIndex ?? 0) + 1;
  return (
    <Card id={`task-${task.key}`} aria-label={`Task ${task.key}`}>
      <CardHeader
        title={<span className="font-mono">{task.key}</span>}
        description={<span className="whitespace-pre-wrap">{task.prompt}</span>}
      />
      <CardBody className="space-y-3">
        {trials.map((trial) => (
          <TrialView key={trial.id} trial={trial} taskKey={task.key} open={trial.trialIndex + 1 === open} hidden={hidden.has(trial.id)} />
        ))}
      </CardBody>
    </Card>
  );
}
