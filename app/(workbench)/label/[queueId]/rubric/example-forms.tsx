"use client";

import { useActionState } from "react";
import { idleState, type ActionState } from "@/lib/action-state";
import { EXPLANATION_MAX } from "@/lib/schemas/worked-examples";
import { addExampleAction, removeExampleAction } from "./actions";
import { SubmitButton, TextAreaField, TextField } from "@/app/_components/form/fields";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";

/**
 * Attach a finished (gold) item to the current rubric version as a worked example. With `item` given
 * (a row of the gold page) only the explanation is asked for; otherwise the item's id too.
 */
export function AddExampleForm({ queueId, item, rubricVersion }: { queueId: string; item?: string; rubricVersion: number }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(addExampleAction, idleState);
  const errors = fieldErrorsOf(state);
  const fieldId = (name: string) => `example-${name}${item ? `-${item}` : ""}`;
  return (
    <form action={formAction} className="space-y-2" aria-label="Add a worked example" data-testid="add-example-form">
      <ActionAlert state={state} testId="example-result" errorTestId="example-error" />
      <input type="hidden" name="queueId" value={queueId} />
      {item ? (
        <input type="hidden" name="item" value={item} />
      ) : (
        <TextField
          id={fieldId("item")}
          name="item"
          label="Item"
          hint="Its transcript id or external id. It needs a gold label and every label it needs."
          errors={errors.item}
        />
      )}
      <TextAreaField
        id={fieldId("explanation")}
        name="explanation"
        label="Explanation"
        hint={`Why this item gets its label under rubric v${rubricVersion} (reviewers read it beside the example).`}
        errors={errors.explanation}
        rows={3}
        maxLength={EXPLANATION_MAX}
      />
      <SubmitButton size="sm" pending={pending} pendingLabel="Adding…">
        Add as worked example
      </SubmitButton>
    </form>
  );
}

export function RemoveExampleButton({ queueId, exampleId }: { queueId: string; exampleId: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(removeExampleAction, idleState);
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="queueId" value={queueId} />
      <input type="hidden" name="exampleId" value={exampleId} />
      <SubmitButton tone="danger" size="sm" pending={pending} pendingLabel="Removing…">
        Remove
      </SubmitButton>
      {state.status === "error" ? <span className="ml-2 text-xs text-red-700">{state.message}</span> : null}
    </form>
  );
}
