import { cx } from "@/app/_components/ui/cx";
import { listPendingGoldChanges } from "@/lib/db/pending-gold";
import type { Viewer } from "@/lib/db/blind";
import { DecideGoldChange } from "./decide-buttons";

const CAUSES: Record<string, string> = { edit: "changed their label", undo: "took back their label", label: "relabeled after an undo" };

export const goldChangesWaiting = (n: number) => `${n} gold change${n === 1 ? "" : "s"} waiting for confirmation`;

/**
 * The gold changes of a queue held for a second person (lib/db/pending-gold.ts): who, from → to, and confirm / reject
 * for those the viewer may decide. Nothing when none wait; items the viewer may still label stay out (blind review).
 */
export async function PendingGoldPanel({ queueId, viewer, className }: { queueId: string; viewer: Viewer; className?: string }) {
  const { rows, hidden } = await listPendingGoldChanges(queueId, viewer);
  if (rows.length + hidden === 0) return null;
  return (
    <section
      className={cx("rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm shadow-sm", className)}
      data-testid="pending-gold"
      aria-label="Gold changes waiting"
    >
      <h2 className="font-semibold text-amber-950">{goldChangesWaiting(rows.length + hidden)}</h2>
      <p className="mt-0.5 text-amber-900">
        A judge gates on this label set, so one person&rsquo;s label change does not move its gold alone: the gate keeps the gold as it was
        until an adjudicator or another reviewer of the item confirms (the judge then goes stale and is re-checked) or rejects it (the gold
        stays).
      </p>
      <ul className="mt-2 divide-y divide-amber-200">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`pending-gold-${row.itemKey}`}>
            <span>
              <span className="font-mono">{row.itemKey}</span>: gold <strong>{row.fromValue}</strong> →{" "}
              <strong>{row.toValue ?? "no gold (its labels no longer agree)"}</strong>
              <span className="text-amber-900">
                {" "}
                · {row.proposedBy} {CAUSES[row.cause] ?? row.cause}, {row.proposedAt.toISOString().slice(0, 16).replace("T", " ")} UTC
              </span>
            </span>
            {row.mayDecide ? (
              <DecideGoldChange changeId={row.id} itemKey={row.itemKey} />
            ) : (
              <span className="text-xs text-amber-900">
                {row.mine ? "you proposed it: someone else confirms" : "an adjudicator confirms"}
              </span>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="mt-1 text-xs text-amber-900">{hidden} more on items you may still label (not shown: blind review).</p>
      ) : null}
    </section>
  );
}
