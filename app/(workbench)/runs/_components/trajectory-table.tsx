import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { cx } from "@/app/_components/ui/cx";
import { ms } from "@/lib/format";
import { LongText } from "./long-text";
import type { Step } from "@/lib/trial/types";

/** A step as the trial record stores it: the engine's own type, so the table shows what the runner saw. */
export type StepView = Step;

/** The trajectory step by step; the step a failed trial went wrong at is highlighted and says why. */
export function TrajectoryTable({ steps, anchor }: { steps: StepView[]; anchor?: string }) {
  if (steps.length === 0) return <p className="text-sm text-stone-500">No tool calls.</p>;
  return (
    <Table aria-label="Trajectory">
      <TableHead columns={["#", "Tool", "Arguments", "Result", "Latency"]} />
      <tbody className="divide-y divide-stone-100">
        {steps.map((step) => (
          <tr
            key={step.index}
            id={anchor ? `${anchor}-step-${step.index + 1}` : undefined}
            data-testid={step.failing ? "failing-step" : undefined}
            className={cx("scroll-mt-24", step.failing && "bg-red-50 ring-2 ring-inset ring-red-300")}
            aria-label={step.failing ? `Failing step ${step.index + 1}` : undefined}
          >
            <Td className="font-mono text-xs">{step.index + 1}</Td>
            <Td className="font-mono text-xs">
              {step.tool}
              {step.blocked ? <span className="ml-1 rounded bg-red-100 px-1 text-red-800">blocked</span> : null}
            </Td>
            <Td className="max-w-xs">
              <LongText value={step.args} label={`arguments of step ${step.index + 1}`} />
            </Td>
            <Td className="max-w-md">
              {step.error !== undefined ? <p className="mb-1 text-xs font-medium text-red-800">error: {step.error}</p> : null}
              {step.result !== undefined ? <LongText value={step.result} label={`result of step ${step.index + 1}`} /> : null}
              {step.failing ? <p className="mt-1 text-xs font-semibold text-red-800">Failing step: {step.failing}</p> : null}
            </Td>
            <Td className="whitespace-nowrap text-xs">{ms(step.latencyMs)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
