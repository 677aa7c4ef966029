"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import type { ActionState } from "@/lib/action-state";
import { signUpFirstAdmin } from "./actions";

export function SignUpForm() {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(signUpFirstAdmin, { status: "idle" });
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Create the admin account">
      {state.status === "error" && !state.fieldErrors ? <Alert tone="error">{state.message}</Alert> : null}
      <Field id="email" label="Email" errors={errors.email}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          className={inputClass}
          aria-invalid={errors.email ? true : undefined}
        />
      </Field>
      <Field id="name" label="Name (optional)" errors={errors.name}>
        <input id="name" name="name" autoComplete="name" className={inputClass} />
      </Field>
      <Field id="password" label="Password" hint="At least 12 characters." errors={errors.password}>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          className={inputClass}
          aria-invalid={errors.password ? true : undefined}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating…" : "Create admin account"}
      </Button>
    </form>
  );
}
