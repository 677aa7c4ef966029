"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { labelMoreAction, orderDevAction } from "../sampling-actions";

/** The "Label more for this judge" button for one label set: the draw's size comes from the plan. */
export function LabelMoreForm({ versionId, queueId, wanted }: { versionId: string; queueId: string; wanted: number }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(labelMoreAction, idleState);
  return (
    <form action={formAction} className="space-y-2" aria-label="Label more for this judge">
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="queueId" value={queueId} />
      {state.status === "ok" && state.message ? (
        <Alert tone="success" data-testid="label-more-result">
          {state.message}
        </Alert>
      ) : null}
      {state.status === "error" ? (
        <Alert tone="error" data-testid="label-more-result">
          {state.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Field id={`draw-size-${queueId}`} label="Items to draw" hint="From the plan; fewer is fine: the estimates stay unbiased.">
          <input
            id={`draw-size-${queueId}`}
            name="size"
            inputMode="numeric"
            defaultValue={String(Math.max(wanted, 10))}
            className={`${inputClass} w-28`}
          />
        </Field>
        <Button type="submit" disabled={pending}>
          {pending ? "Sorting and drawing…" : "Label more for this judge"}
        </Button>
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
      {state.status === "ok" && state.message ? (
        <Alert tone="success" data-testid="order-dev-result">
          {state.message}
        </Alert>
      ) : null}
      {state.status === "error" ? (
        <Alert tone="error" data-testid="order-dev-result">
          {state.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Ordering…" : "Dev split: most informative first"}
      </Button>
    </form>
  );
}
