"use client";

import { useActionState } from "react";
import { useTypedBeforeHydration } from "@/app/_components/ui/use-typed-before-hydration";
import { idleState, type ActionState } from "@/lib/action-state";
import type { LabelChoice } from "@/lib/labeling/choices";
import { editLabelAction } from "../actions";
import { SubmitButton, TextAreaField } from "@/app/_components/form/fields";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";

/** Change one's own label: every choice styled alike (no nudge), the reason optional. */
export function EditLabelForm({
  labelId,
  choices,
  value,
  reason,
}: {
  labelId: string;
  choices: LabelChoice[];
  value: string;
  reason: string | null;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(editLabelAction, idleState);
  const errors = fieldErrorsOf(state);
  // Hydrating a textarea puts its server text back: keep an edit made before that.
  const reasonText = useTypedBeforeHydration("reason", reason ?? "");
  return (
    <form action={formAction} className="space-y-3" aria-label="Change your label">
      <ActionAlert state={state} testId="edit-result" errorTestId="edit-error" />
      <input type="hidden" name="labelId" value={labelId} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">Your label</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm ring-1 ring-stone-300 has-[:checked]:ring-2 has-[:checked]:ring-stone-800"
            >
              <input type="radio" name="value" value={choice.value} defaultChecked={choice.value === value} />
              {choice.label}
            </label>
          ))}
        </div>
        {errors.value ? <p className="mt-1 text-sm text-red-700">{errors.value.join(" ")}</p> : null}
      </fieldset>
      <TextAreaField id="reason" name="reason" label="Reason (optional)" errors={errors.reason} rows={3} defaultValue={reasonText} />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save change
      </SubmitButton>
    </form>
  );
}
