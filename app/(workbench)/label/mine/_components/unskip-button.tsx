"use client";

import { useActionState } from "react";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { unskipAction } from "../actions";

export function UnskipButton({ queueId, queueItemId, itemKey }: { queueId: string; queueItemId: string; itemKey: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(unskipAction, idleState);
  return (
    <form action={formAction} className="inline-flex items-center gap-2">
      <input type="hidden" name="queueId" value={queueId} />
      <input type="hidden" name="queueItemId" value={queueItemId} />
      <Button type="submit" size="sm" tone="secondary" disabled={pending} aria-label={`Un-skip ${itemKey}`}>
        Un-skip
      </Button>
      {state.status === "error" ? <span className="text-xs text-red-700">{state.message}</span> : null}
    </form>
  );
}
