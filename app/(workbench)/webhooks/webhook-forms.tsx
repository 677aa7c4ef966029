"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { ToggleDeleteControls } from "@/app/_components/form/toggle-delete-controls";
import { deleteWebhookAction, registerWebhookAction, sendTestEventAction, setWebhookDisabledAction } from "./actions";

export function RegisterWebhookForm({ events }: { events: { name: string; description: string }[] }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(registerWebhookAction, idleState);
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} noValidate className="space-y-4" aria-label="Register webhook">
      {state.status === "ok" ? <Alert tone="success">{state.message}</Alert> : null}
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      <Field id="webhook-url" label="URL" hint="This machine, or a host listed in GAVEL_WEBHOOK_HOSTS." errors={errors.url}>
        <input id="webhook-url" name="url" className={inputClass} aria-invalid={errors.url ? true : undefined} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Events</legend>
        {events.map((event) => (
          <label key={event.name} className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" name="events" value={event.name} /> <code>{event.name}</code>
            <span className="text-stone-500">{event.description}</span>
          </label>
        ))}
        {errors.events ? <p className="mt-1 text-sm text-red-700">{errors.events.join(" ")}</p> : null}
      </fieldset>
      <Field id="webhook-format" label="Payload" errors={errors.format}>
        <select id="webhook-format" name="format" defaultValue="standard" className={inputClass}>
          <option value="standard">standard: the event as JSON</option>
          <option value="slack">slack: {"{text}"} for a Slack-compatible incoming webhook</option>
        </select>
      </Field>
      <Field
        id="webhook-secret"
        label="Secret (optional)"
        hint="whsec_… (Standard Webhooks); leave empty to generate one."
        errors={errors.secret}
      >
        <input
          id="webhook-secret"
          name="secret"
          className={inputClass}
          autoComplete="off"
          aria-invalid={errors.secret ? true : undefined}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? "Registering…" : "Register webhook"}
      </Button>
    </form>
  );
}

export function SendTestEventButton({ endpointId }: { endpointId: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(sendTestEventAction, idleState);
  return (
    <form action={formAction} className="flex items-center gap-2">
      <input type="hidden" name="endpointId" value={endpointId} />
      <Button type="submit" disabled={pending}>
        {pending ? "Sending…" : "Send test event"}
      </Button>
      {state.status !== "idle" ? <span className="text-sm text-stone-600">{state.message}</span> : null}
    </form>
  );
}

/** Disable/enable and delete: the endpoint's own controls (each one recorded in the audit log). */
export function EndpointControls({ endpointId, disabled }: { endpointId: string; disabled: boolean }) {
  return (
    <ToggleDeleteControls
      record={{ endpointId }}
      flag="disabled"
      enabled={!disabled}
      toggleAction={setWebhookDisabledAction}
      deleteAction={deleteWebhookAction}
      confirmDelete="Delete this webhook and its delivery log?"
      className="flex-wrap"
    />
  );
}
