"use client";

import { useActionState } from "react";
import { Button } from "@/app/_components/ui/button";
import { cx } from "@/app/_components/ui/cx";
import { idleState, type ActionState } from "@/lib/action-state";
import { HiddenFields } from "./fields";

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;

/**
 * A listed record's own controls: switch it on or off, and delete it once the browser's confirm is
 * accepted. Both actions read the record by `record` (a hidden field); the toggle sends `flag` set to
 * what it becomes (`enabled`: "true" turns it on; `disabled`: "true" turns it off). `name`, when given,
 * names the buttons for a screen reader in a list of many; `errorsOnly` shows a refusal but no confirmation.
 */
export function ToggleDeleteControls({
  record,
  flag,
  enabled,
  toggleAction,
  deleteAction,
  confirmDelete,
  name,
  errorsOnly = false,
  className,
}: {
  record: Record<string, string>;
  flag: "enabled" | "disabled";
  enabled: boolean;
  toggleAction: Action;
  deleteAction: Action;
  confirmDelete: string;
  name?: string;
  errorsOnly?: boolean;
  className?: string;
}) {
  const [toggleState, toggle, toggling] = useActionState<ActionState, FormData>(toggleAction, idleState);
  const [deleteState, remove, deleting] = useActionState<ActionState, FormData>(deleteAction, idleState);
  const message = [toggleState, deleteState].find((s) => (errorsOnly ? s.status === "error" : s.status !== "idle"));
  const toggleLabel = enabled ? "Disable" : "Enable";
  return (
    <div className={cx("flex items-center gap-2", className)}>
      <form action={toggle}>
        <HiddenFields values={{ ...record, [flag]: String(flag === "enabled" ? !enabled : enabled) }} />
        <Button type="submit" tone="secondary" size="sm" disabled={toggling} aria-label={name ? `${toggleLabel} ${name}` : undefined}>
          {toggleLabel}
        </Button>
      </form>
      <form
        action={remove}
        onSubmit={(event) => {
          if (!window.confirm(confirmDelete)) event.preventDefault();
        }}
      >
        <HiddenFields values={record} />
        <Button type="submit" tone="danger" size="sm" needsScript disabled={deleting} aria-label={name ? `Delete ${name}` : undefined}>
          Delete
        </Button>
      </form>
      {message && message.status !== "idle" ? (
        <span className={errorsOnly ? "text-xs text-red-700" : "text-sm text-stone-600"}>{message.message}</span>
      ) : null}
    </div>
  );
}
