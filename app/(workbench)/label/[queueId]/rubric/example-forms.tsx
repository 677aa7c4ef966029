"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { EXPLANATION_MAX } from "@/lib/schemas/worked-examples";
import { addExampleAction, removeExampleAction } from "./actions";

/**
 * Attach a finished (gold) item to the current rubric version as a worked example. With `item` given
 * (a row of the gold page) only the explanation is asked for; otherwise the item's id too.
 */
export function AddExampleForm({ queueId, item, rubricVersion }: { queueId: string; item?: string; rubricVersion: number }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(addExampleAction, idleState);
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  const fieldId = (name: string) => `example-${name}${item ? `-${item}` : ""}`;
  return (
    <form action={formAction} className="space-y-2" aria-label="Add a worked example" data-testid="add-example-form">
      {state.status === "ok" ? (
        <Alert tone="success" data-testid="example-result">
          {state.message}
        </Alert>
      ) : null}
      {state.status === "error" ? (
        <Alert tone="error" data-testid="example-error">
          {state.message}
        </Alert>
      ) : null}
      <input type="hidden" name="queueId" value={queueId} />
      {item ? (
        <input type="hidden" name="item" value={item} />
      ) : (
        <Field
          id={fieldId("item")}
          label="Item"
          hint="Its transcript id or external id. It needs a gold label and every label it needs."
          errors={errors.item}
        >
          <input id={fieldId("item")} name="item" className={inputClass} aria-invalid={errors.item ? true : undefined} />
        </Field>
      )}
      <Field
        id={fieldId("explanation")}
        label="Explanation"
        hint={`Why this item gets its label under rubric v${rubricVersion} (reviewers read it beside the example).`}
        errors={errors.explanation}
      >
        <textarea
          id={fieldId("explanation")}
          name="explanation"
          rows={3}
          maxLength={EXPLANATION_MAX}
          className={inputClass}
          aria-invalid={errors.explanation ? true : undefined}
        />
      </Field>
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? "Adding…" : "Add as worked example"}
      </Button>
    </form>
  );
}

export function RemoveExampleButton({ queueId, exampleId }: { queueId: string; exampleId: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(removeExampleAction, idleState);
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="queueId" value={queueId} />
      <input type="hidden" name="exampleId" value={exampleId} />
      <Button type="submit" tone="danger" size="sm" disabled={pending}>
        {pending ? "Removing…" : "Remove"}
      </Button>
      {state.status === "error" ? <span className="ml-2 text-xs text-red-700">{state.message}</span> : null}
    </form>
  );
}
