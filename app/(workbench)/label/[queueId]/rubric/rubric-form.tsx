"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { useTypedBeforeHydration } from "@/app/_components/ui/use-typed-before-hydration";
import { idleState, type ActionState } from "@/lib/action-state";
import { newRubricAction } from "./actions";
import { SubmitButton, TextAreaField } from "@/app/_components/form/fields";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

export function NewRubricForm({ queueId, rubric, nextVersion }: { queueId: string; rubric: string; nextVersion: number }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(newRubricAction, idleState);
  const errors = fieldErrorsOf(state);
  // Hydrating a textarea puts its server text back: keep an edit made before that.
  const rubricText = useTypedBeforeHydration("rubric", rubric);
  return (
    <form action={formAction} className="space-y-3" aria-label="New rubric version">
      {state.status === "ok" ? (
        <Alert tone="success" data-testid="rubric-result">
          {state.message}
        </Alert>
      ) : null}
      {state.status === "error" && !errors.rubric ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="queueId" value={queueId} />
      <TextAreaField
        id="rubric"
        name="rubric"
        label={`Rubric v${nextVersion}`}
        hint="Reviewers see this text from now on; their earlier labels stay with the old version."
        errors={errors.rubric}
        rows={8}
        defaultValue={rubricText}
      />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        New rubric version
      </SubmitButton>
    </form>
  );
}
