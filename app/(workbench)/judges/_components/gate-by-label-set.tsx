import type { GateOnLabelSet } from "@/lib/judges/approval";
import { ApproveForm } from "./forms";

/**
 * Where the version could be approved: every label set it has a test calibration on, each with its
 * own gate. The approval binds to the set it is given on; the others never change gating.
 */
export function GateByLabelSet({
  versionId,
  gates,
  canApprove,
  demotedAt,
}: {
  versionId: string;
  gates: GateOnLabelSet[];
  canApprove: boolean;
  demotedAt: Date | null;
}) {
  if (!canApprove) return <p className="text-xs text-stone-500">Only an admin can approve.</p>;
  if (gates.length === 0) return <ApproveForm versionId={versionId} canApprove={false} />;
  return (
    <ul className="space-y-3" data-testid="gate-by-label-set">
      {gates.map((gate) => {
        const failing = gate.rules.filter((r) => !r.passed);
        // After a demotion, only a calibration made since can carry a new approval.
        const outdated = demotedAt !== null && gate.calibratedAt !== null && gate.calibratedAt <= demotedAt;
        return (
          <li
            key={gate.labelSet!.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-stone-200 p-3 text-sm"
            data-testid={`gate-on-${gate.labelSet!.name}`}
            data-passed={gate.passed}
          >
            <span>
              <span className="font-medium text-stone-900">{gate.labelSet!.name}</span>{" "}
              <span className={gate.passed ? "text-emerald-700" : "text-red-700"}>
                {gate.passed ? "every rule holds" : `fails ${failing.map((r) => `${r.label} (${r.actual})`).join("; ")}`}
              </span>
              {outdated ? (
                <span className="block text-xs text-amber-800">
                  calibrated before the demotion: run and calibrate it again before approving
                </span>
              ) : null}
            </span>
            <ApproveForm
              versionId={versionId}
              queueId={gate.labelSet!.id}
              labelSetName={gate.labelSet!.name}
              canApprove={gate.passed && !outdated}
            />
          </li>
        );
      })}
    </ul>
  );
}
