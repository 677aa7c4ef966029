"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import type { ActionState } from "@/lib/action-state";
import { signUpFirstAdmin } from "./actions";
import { SubmitButton, TextField } from "@/app/_components/form/fields";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

export function SignUpForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(signUpFirstAdmin, { status: "idle" });
  const errors = fieldErrorsOf(state);
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Create the admin account">
      {state.status === "error" && !state.fieldErrors ? <Alert tone="error">{state.message}</Alert> : null}
      <TextField id="email" name="email" label="Email" errors={errors.email} type="email" autoComplete="username" />
      <TextField id="name" name="name" label="Name (optional)" errors={errors.name} autoComplete="name" />
      <TextField
        id="password"
        name="password"
        label="Password"
        hint="At least 12 characters."
        errors={errors.password}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Creating…">
        Create admin account
      </SubmitButton>
    </form>
  );
}
