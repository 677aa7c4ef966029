import Link from "next/link";
import { pendingGoldCounts } from "@/lib/db/pending-gold";
import { can, type Principal } from "@/lib/roles";

/**
 * Beside a standing approval's state: gold changes on its bound label set that one person made and a second has not
 * confirmed yet (lib/db/pending-gold.ts). The gate still reads the gold as it was; the list is where adjudicators work.
 */
export async function PendingGoldNotice({ labelSet, user }: { labelSet: { id: string; name: string } | null; user: Principal }) {
  if (!labelSet) return null;
  const n = (await pendingGoldCounts([labelSet.id])).get(labelSet.id) ?? 0;
  if (n === 0) return null;
  const where = can(user, "labels:adjudicate") ? `/label/${labelSet.id}/adjudicate` : `/label/${labelSet.id}`;
  return (
    <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="pending-gold-notice">
      <strong>
        {n} gold change{n === 1 ? "" : "s"} waiting for confirmation
      </strong>{" "}
      on {labelSet.name}: the gate keeps the gold as it was until an adjudicator or a second reviewer confirms {n === 1 ? "it" : "them"}.{" "}
      <Link className="text-indigo-700 hover:underline" href={where}>
        Review the change{n === 1 ? "" : "s"}
      </Link>
    </p>
  );
}
