"use client";

import { useActionState } from "react";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import type { Role } from "@/lib/roles";
import { changeRoleAction, setAdjudicatorAction, setDisabledAction } from "./actions";

function Feedback({ state }: { state: ActionState }) {
  if (state.status === "error")
    return (
      <span role="alert" className="text-xs text-red-700">
        {state.message}
      </span>
    );
  if (state.status === "ok")
    return (
      <span role="status" className="text-xs text-emerald-700">
        {state.message}
      </span>
    );
  return null;
}

export function RoleForm({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(changeRoleAction, idleState);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2" aria-label={`Role of ${email}`}>
      <input type="hidden" name="userId" value={userId} />
      <select
        name="role"
        defaultValue={role}
        aria-label={`Role for ${email}`}
        className="rounded-md border-0 bg-white py-1 pl-2 pr-7 text-sm ring-1 ring-inset ring-stone-300"
      >
        <option value="admin">admin</option>
        <option value="reviewer">reviewer</option>
        <option value="viewer">viewer</option>
      </select>
      <Button type="submit" tone="secondary" size="sm" disabled={pending}>
        Save role
      </Button>
      <Feedback state={state} />
    </form>
  );
}

export function DisableForm({ userId, email, disabled }: { userId: string; email: string; disabled: boolean }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(setDisabledAction, idleState);
  return (
    <form action={formAction} className="flex items-center gap-2" aria-label={`Access of ${email}`}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="disabled" value={disabled ? "false" : "true"} />
      <Button type="submit" tone={disabled ? "secondary" : "danger"} size="sm" disabled={pending}>
        {disabled ? "Enable" : "Disable"}
      </Button>
      <Feedback state={state} />
    </form>
  );
}

/** Admins adjudicate anyway; for anyone else the flag lets them decide gold labels on disagreements. */
export function AdjudicatorForm({
  userId,
  email,
  isAdjudicator,
  isAdmin,
}: {
  userId: string;
  email: string;
  isAdjudicator: boolean;
  isAdmin: boolean;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(setAdjudicatorAction, idleState);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2" aria-label={`Adjudicator flag of ${email}`}>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="isAdjudicator" value={isAdjudicator ? "false" : "true"} />
      <span className="text-xs text-stone-600">{isAdjudicator ? "adjudicator" : isAdmin ? "as admin" : "no"}</span>
      <Button
        type="submit"
        tone="secondary"
        size="sm"
        disabled={pending}
        aria-label={isAdjudicator ? `Remove adjudicator flag from ${email}` : `Make ${email} an adjudicator`}
      >
        {isAdjudicator ? "Remove" : "Make adjudicator"}
      </Button>
      <Feedback state={state} />
    </form>
  );
}
