"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { idleState, type ActionState } from "@/lib/action-state";
import { createUserAction } from "./actions";
import { SelectField, SubmitButton, TextField } from "@/app/_components/form/fields";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";

const ROLE_OPTIONS = [
  { value: "viewer", label: "viewer: reads everything" },
  { value: "reviewer", label: "reviewer: labels and runs" },
  { value: "admin", label: "admin: users, approvals, settings" },
];

export function CreateUserForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createUserAction, idleState);
  const errors = fieldErrorsOf(state);
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Create user">
      {state.status === "ok" ? (
        <Alert tone="success" data-testid="create-user-result">
          {state.message}
        </Alert>
      ) : (
        <ActionAlert state={state} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="new-email" name="email" label="Email" errors={errors.email} type="email" />
        <TextField id="new-name" name="name" label="Name (optional)" errors={errors.name} />
        <SelectField id="new-role" name="role" label="Role" errors={errors.role} defaultValue="reviewer" options={ROLE_OPTIONS} />
        <TextField
          id="new-password"
          name="password"
          label="Password (optional)"
          hint="Leave empty to generate one, shown once."
          errors={errors.password}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create user
      </SubmitButton>
    </form>
  );
}
