"use client";

import { useActionState } from "react";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { decideGoldChangeAction } from "./actions";

export function DecideGoldChange({ changeId, itemKey }: { changeId: string; itemKey: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(decideGoldChangeAction, idleState);
  return (
    <form action={formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="changeId" value={changeId} />
      <Button
        type="submit"
        name="decision"
        value="confirm"
        size="sm"
        disabled={pending}
        aria-label={`Confirm the gold change on ${itemKey}`}
      >
        Confirm
      </Button>
      <Button
        type="submit"
        name="decision"
        value="reject"
        size="sm"
        tone="secondary"
        disabled={pending}
        aria-label={`Reject the gold change on ${itemKey}`}
      >
        Reject
      </Button>
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
