"use client";

import { useActionState } from "react";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { decideGoldChangeAction } from "./actions";

/** The two answers to a pending gold change, sent as the pressed button's `decision`. */
const DECISIONS = [
  { value: "confirm", label: "Confirm", tone: "primary" },
  { value: "reject", label: "Reject", tone: "secondary" },
] as const;

export function DecideGoldChange({ changeId, itemKey }: { changeId: string; itemKey: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(decideGoldChangeAction, idleState);
  return (
    <form action={formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="changeId" value={changeId} />
      {DECISIONS.map(({ value, label, tone }) => (
        <Button
          key={value}
          type="submit"
          name="decision"
          value={value}
          size="sm"
          tone={tone}
          disabled={pending}
          aria-label={`${label} the gold change on ${itemKey}`}
        >
          {label}
        </Button>
      ))}
      {state.status !== "idle" && state.message ? (
        <span
          role={state.status === "error" ? "alert" : "status"}
          className={state.status === "error" ? "text-xs text-red-700" : "text-xs text-emerald-800"}
        >
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
