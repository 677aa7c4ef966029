import type { GateOnLabelSet } from "@/lib/judges/approval";
import { backingText, type HumanBacking } from "@/lib/judges/human-backing";
import { formatStat } from "@/lib/judges/format";
import { ApproveForm } from "./forms";

/** What the admin sees about the humans behind a label set before approving on it. */
export interface HumanCheck {
  backing: HumanBacking | null;
  ceiling: number | null;
  aboveCeiling: boolean;
}

/**
 * The bar beside what the humans reach among themselves, and whether the gold stands on two people. A bar above the
 * ceiling asks the judge to beat its reviewers: the approval then needs an explicit confirmation.
 */
export function HumanCeilingBeside({ bar, check, requireTwoHumans }: { bar: number; check: HumanCheck; requireTwoHumans: boolean }) {
  const backed = check.backing ? check.backing.backed === check.backing.items && check.backing.items > 0 : false;
  return (
    <div className="space-y-1 text-xs" data-testid="human-ceiling">
      <p className={check.aboveCeiling ? "text-amber-800" : "text-stone-600"} data-above-ceiling={check.aboveCeiling}>
        Bar κ ≥ {bar.toFixed(2)} · human ceiling κ {formatStat(check.ceiling)}
        {check.ceiling === null
          ? " (no gold item has two reviewers' labels)"
          : check.aboveCeiling
            ? ": the bar is above the reviewers' own agreement, so approving needs a confirmation"
            : " (the reviewers' own agreement)"}
      </p>
      {check.backing ? (
        <p className={backed || !requireTwoHumans ? "text-stone-600" : "text-red-700"} data-testid="human-backing" data-backed={backed}>
          Two reviewers or an adjudication behind each gold item: {backingText(check.backing)}
          {!backed && requireTwoHumans ? " (approval is refused until all have)" : ""}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the version could be approved: every label set it has a test calibration on, each with its
 * own gate. The approval binds to the set it is given on; the others never change gating.
 */
export function GateByLabelSet({
  versionId,
  gates,
  canApprove,
  demotedAt,
  humans,
  bar,
  requireTwoHumans,
  reuseWarnings = {},
}: {
  versionId: string;
  gates: GateOnLabelSet[];
  /** Test-split reuse warnings by label set id: the approval's confirmation repeats them before the admin confirms. */
  reuseWarnings?: Record<string, string[]>;
  canApprove: boolean;
  demotedAt: Date | null;
  humans: Record<string, HumanCheck>;
  bar: number;
  requireTwoHumans: boolean;
}) {
  if (!canApprove) return <p className="text-xs text-stone-500">Only an admin can approve.</p>;
  if (gates.length === 0) return <ApproveForm versionId={versionId} canApprove={false} />;
  return (
    <ul className="space-y-3" data-testid="gate-by-label-set">
      {gates.map((gate) => {
        const failing = gate.rules.filter((r) => !r.passed);
        // After a demotion, only a calibration made since can carry a new approval.
        const outdated = demotedAt !== null && gate.calibratedAt !== null && gate.calibratedAt <= demotedAt;
        const check = humans[gate.labelSet!.id];
        const unbacked = requireTwoHumans && check?.backing ? check.backing.backed < check.backing.items : false;
        return (
          <li
            key={gate.labelSet!.id}
            className="space-y-2 rounded-md border border-stone-200 p-3 text-sm"
            data-testid={`gate-on-${gate.labelSet!.name}`}
            data-passed={gate.passed}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
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
                canApprove={gate.passed && !outdated && !unbacked}
                aboveCeiling={check?.aboveCeiling && check.ceiling !== null ? { bar, ceiling: check.ceiling } : null}
                warnings={reuseWarnings[gate.labelSet!.id]}
              />
            </div>
            {check ? <HumanCeilingBeside bar={bar} check={check} requireTwoHumans={requireTwoHumans} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
