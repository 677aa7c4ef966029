"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { createTokenAction, revokeTokenAction } from "./actions";
import { SubmitButton, TextField } from "@/app/_components/form/fields";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

export function CreateTokenForm({ scopes }: { scopes: { name: string; description: string }[] }) {
  const [state, formAction, pending] = useActionState<ActionState<{ token: string }>, FormData>(
    createTokenAction,
    idleState as ActionState<{ token: string }>,
  );
  const errors = fieldErrorsOf(state);
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Create token">
      {state.status === "ok" && state.data ? (
        <Alert tone="success">
          <p>{state.message}</p>
          <code
            data-testid="new-token"
            className="mt-2 block select-all break-all rounded bg-white px-2 py-1 font-mono text-sm text-stone-900 ring-1 ring-emerald-300"
          >
            {state.data.token}
          </code>
        </Alert>
      ) : null}
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      <TextField id="token-name" name="name" label="Name" errors={errors.name} placeholder="GitHub Actions" />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-stone-800">Scopes</legend>
        {scopes.map((s) => (
          <label key={s.name} className="flex items-center gap-2 text-sm text-stone-700">
            <input type="checkbox" name="scopes" value={s.name} defaultChecked={s.name === "runs:write"} />
            <code className="font-mono text-xs">{s.name}</code> — {s.description}
          </label>
        ))}
        {errors.scopes ? (
          <p className="text-xs font-medium text-red-700" role="alert">
            {errors.scopes.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create token
      </SubmitButton>
    </form>
  );
}

export function RevokeTokenForm({ tokenId, name }: { tokenId: string; name: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(revokeTokenAction, idleState);
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the token "${name}"? Anything using it stops working.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="tokenId" value={tokenId} />
      <Button type="submit" tone="danger" size="sm" needsScript disabled={pending} aria-label={`Revoke ${name}`}>
        Revoke
      </Button>
      {state.status === "error" ? <span className="ml-2 text-xs text-red-700">{state.message}</span> : null}
    </form>
  );
}
