"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { reopenStrandedAction } from "./actions";

export interface StrandedView {
  count: number;
  pool: number;
  reviewersPerItem: number;
  /** Present for adjudicators: the first stranded items and who skipped them. */
  items: { queueItemId: string; itemKey: string; labels: number; skippedBy: string[] }[] | null;
}

function ReopenButton({ queueId, queueItemId, label }: { queueId: string; queueItemId?: string; label: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(reopenStrandedAction, idleState);
  return (
    <form action={formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="queueId" value={queueId} />
      {queueItemId ? <input type="hidden" name="queueItemId" value={queueItemId} /> : null}
      <Button type="submit" size="sm" tone="secondary" disabled={pending}>
        {label}
      </Button>
      {state.status === "ok" ? <span className="text-xs text-emerald-800">{state.message}</span> : null}
      {state.status === "error" ? <span className="text-xs text-red-700">{state.message}</span> : null}
    </form>
  );
}

/** The queue page's warning: items skips left unfinishable, and (for adjudicators) the one-click reopen. */
export function StrandedWarning({ queueId, view }: { queueId: string; view: StrandedView }) {
  const tooFew = view.pool < view.reviewersPerItem;
  return (
    <Alert tone="warn" className="mb-6 space-y-2" data-testid="stranded-warning">
      <p>
        <span className="font-semibold" data-testid="stranded-count">
          {view.count.toLocaleString("en")}
        </span>{" "}
        item{view.count === 1 ? " is" : "s are"} stranded:{" "}
        {tooFew
          ? `only ${view.pool} ${view.pool === 1 ? "person" : "people"} may label this queue and each item needs ${view.reviewersPerItem}. Assign more reviewers.`
          : `skips left fewer reviewers than the ${view.reviewersPerItem} each needs. Reopening clears their skips, so every reviewer is offered them again.`}
      </p>
      {view.items ? (
        <>
          <ul className="space-y-1" data-testid="stranded-items">
            {view.items.map((item) => (
              <li key={item.queueItemId} className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs">{item.itemKey}</span>
                <span className="text-xs">
                  {item.labels} of {view.reviewersPerItem} labels
                  {item.skippedBy.length > 0 ? `; skipped by ${item.skippedBy.join(", ")}` : ""}
                </span>
                {item.skippedBy.length > 0 ? (
                  <ReopenButton queueId={queueId} queueItemId={item.queueItemId} label={`Reopen ${item.itemKey}`} />
                ) : null}
              </li>
            ))}
          </ul>
          {tooFew ? null : <ReopenButton queueId={queueId} label={`Reopen all ${view.count.toLocaleString("en")} stranded`} />}
        </>
      ) : null}
    </Alert>
  );
}
