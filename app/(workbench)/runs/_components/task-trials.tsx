import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import type { RunReport } from "@/lib/db/runs";
import { TrialView } from "./trial-view";

type Task = RunReport["tasks"][number];
type Trial = RunReport["run"]["trials"][number];

export function TaskTrials({ task, trials }: { task: Task; trials: Trial[] }) {
  return (
    <Card id={`task-${task.key}`} aria-label={`Task ${task.key}`}>
      <CardHeader title={<span className="font-mono">{task.key}</span>} description={<span className="whitespace-pre-wrap">{task.prompt}</span>} />
      <CardBody className="space-y-3">
        {trials.map((trial) => (
          <TrialView key={trial.id} trial={trial} taskKey={task.key} />
        ))}
      </CardBody>
    </Card>
  );
}
