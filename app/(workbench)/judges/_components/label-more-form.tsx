"use client";

import { useActionState } from "react";
import { ActionAlert } from "@/app/_components/form/action-alert";
import { SubmitButton, TextField } from "@/app/_components/form/fields";
import { idleState, type ActionState } from "@/lib/action-state";
import { labelMoreAction, orderDevAction } from "../sampling-actions";

/** The "Label more for this judge" button for one label set: the draw's size comes from the plan. */
export function LabelMoreForm({ versionId, queueId, wanted }: { versionId: string; queueId: string; wanted: number }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(labelMoreAction, idleState);
  return (
    <form action={formAction} className="space-y-2" aria-label="Label more for this judge">
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="queueId" value={queueId} />
      <ActionAlert state={state} testId="label-more-result" />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={`draw-size-${queueId}`}
          name="size"
          label="Items to draw"
          hint="From the plan; fewer is fine: the estimates stay unbiased."
          inputMode="numeric"
          defaultValue={String(Math.max(wanted, 10))}
          className="w-28"
        />
        <SubmitButton pending={pending} pendingLabel="Sorting and drawing…">
          Label more for this judge
        </SubmitButton>
      </div>
    </form>
  );
}

/** Orders the label set's dev split most-informative-first (never the test split). */
export function OrderDevForm({ versionId, queueId }: { versionId: string; queueId: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(orderDevAction, idleState);
  return (
    <form action={formAction} className="space-y-2" aria-label="Order the dev split">
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="queueId" value={queueId} />
      <ActionAlert state={state} testId="order-dev-result" />
      <SubmitButton pending={pending} pendingLabel="Ordering…">
        Dev split: most informative first
      </SubmitButton>
    </form>
  );
}
