"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { createUserAction } from "./actions";

export function CreateUserForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createUserAction, idleState);
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Create user">
      {state.status === "ok" ? (
        <Alert tone="success" data-testid="create-user-result">
          {state.message}
        </Alert>
      ) : null}
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="new-email" label="Email" errors={errors.email}>
          <input id="new-email" name="email" type="email" className={inputClass} aria-invalid={errors.email ? true : undefined} />
        </Field>
        <Field id="new-name" label="Name (optional)" errors={errors.name}>
          <input id="new-name" name="name" className={inputClass} />
        </Field>
        <Field id="new-role" label="Role" errors={errors.role}>
          <select id="new-role" name="role" defaultValue="reviewer" className={inputClass}>
            <option value="viewer">viewer: reads everything</option>
            <option value="reviewer">reviewer: labels and runs</option>
            <option value="admin">admin: users, approvals, settings</option>
          </select>
        </Field>
        <Field id="new-password" label="Password (optional)" hint="Leave empty to generate one, shown once." errors={errors.password}>
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            aria-invalid={errors.password ? true : undefined}
          />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create user"}
      </Button>
    </form>
  );
}
