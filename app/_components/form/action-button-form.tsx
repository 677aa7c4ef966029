"use client";

import { useActionState } from "react";
import { ActionAlert } from "@/app/_components/form/action-alert";
import { HiddenFields, SubmitButton } from "@/app/_components/form/fields";
import { idleState, type ActionState } from "@/lib/action-state";

/**
 * A form that is mostly its button: the hidden fields say what it acts on ("re-check this version",
 * "calibrate these two"), the answer shows above the button, and `controls` (a draw size) sit beside it.
 * Many judge actions take this shape; one component keeps their alert, pending label and layout alike.
 */
export function ActionButtonForm({
  action,
  label,
  hidden,
  testId,
  pendingLabel,
  controls,
  className = "space-y-3",
  children,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  /** The form's accessible name. */
  label: string;
  hidden: Record<string, string | undefined>;
  /** Names the answer's alert, for a spec that waits for it. */
  testId: string;
  pendingLabel: string;
  controls?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(action, idleState);
  const button = (
    <SubmitButton pending={pending} pendingLabel={pendingLabel}>
      {children}
    </SubmitButton>
  );
  return (
    <form action={formAction} className={className} aria-label={label}>
      <HiddenFields values={hidden} />
      <ActionAlert state={state} testId={testId} />
      {controls ? (
        <div className="flex flex-wrap items-end gap-3">
          {controls}
          {button}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
