"use client";

import { ActionButtonForm } from "@/app/_components/form/action-button-form";
import { TextField } from "@/app/_components/form/fields";
import { labelMoreAction, orderDevAction } from "../sampling-actions";

/** The "Label more for this judge" button for one label set: the draw's size comes from the plan. */
export function LabelMoreForm({ versionId, queueId, wanted }: { versionId: string; queueId: string; wanted: number }) {
  return (
    <ActionButtonForm
      action={labelMoreAction}
      label="Label more for this judge"
      hidden={{ versionId, queueId }}
      testId="label-more-result"
      pendingLabel="Sorting and drawing…"
      className="space-y-2"
      controls={
        <TextField
          id={`draw-size-${queueId}`}
          name="size"
          label="Items to draw"
          hint="From the plan; fewer is fine: the estimates stay unbiased."
          inputMode="numeric"
          defaultValue={String(Math.max(wanted, 10))}
          className="w-28"
        />
      }
    >
      Label more for this judge
    </ActionButtonForm>
  );
}

/** Orders the label set's dev split most-informative-first (never the test split). */
export function OrderDevForm({ versionId, queueId }: { versionId: string; queueId: string }) {
  return (
    <ActionButtonForm
      action={orderDevAction}
      label="Order the dev split"
      hidden={{ versionId, queueId }}
      testId="order-dev-result"
      pendingLabel="Ordering…"
      className="space-y-2"
    >
      Dev split: most informative first
    </ActionButtonForm>
  );
}
