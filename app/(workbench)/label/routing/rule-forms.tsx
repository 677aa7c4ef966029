"use client";

import { useActionState } from "react";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { createRuleAction, deleteRuleAction, toggleRuleAction } from "./actions";
import { SelectOptions, SubmitButton, TextField } from "@/app/_components/form/fields";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";
import { ToggleDeleteControls } from "@/app/_components/form/toggle-delete-controls";

export function CreateRuleForm({ queues }: { queues: { id: string; name: string }[] }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(createRuleAction, idleState);
  const errors = fieldErrorsOf(state);
  return (
    <form action={formAction} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="New routing rule">
      <ActionAlert state={state} />
      <TextField id="rule-name" name="name" label="Name" errors={errors.name} placeholder="Support bot, acme" />
      <Field id="rule-queue" label="Label set" errors={errors.queueId}>
        <select id="rule-queue" name="queueId" className={inputClass} defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          <SelectOptions options={queues.map((q) => ({ value: q.id, label: q.name }))} />
        </select>
      </Field>
      <TextField
        id="rule-service"
        name="service"
        label="Service name (service.name; empty: any)"
        errors={errors.service}
        placeholder="support-bot"
      />
      <TextField
        id="rule-sample"
        name="sampleRate"
        label="Sample rate (% of matching traces)"
        errors={errors.sampleRate}
        type="number"
        min={0}
        max={100}
        step="any"
        defaultValue={100}
      />
      <TextField
        id="rule-key"
        name="attributeKey"
        label="Attribute key (resource or span; empty: any)"
        errors={errors.attributeKey}
        placeholder="app.tenant"
      />
      <TextField
        id="rule-value"
        name="attributeValue"
        label="Attribute value (empty: any value)"
        errors={errors.attributeValue}
        placeholder="acme"
      />
      <label className="flex items-center gap-2 text-sm text-stone-700">
        <input type="checkbox" name="enabled" defaultChecked /> Enabled
      </label>
      <div>
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Add rule
        </SubmitButton>
      </div>
    </form>
  );
}

export function RuleRowActions({ ruleId, name, enabled }: { ruleId: string; name: string; enabled: boolean }) {
  return (
    <ToggleDeleteControls
      record={{ ruleId }}
      flag="enabled"
      enabled={enabled}
      toggleAction={toggleRuleAction}
      deleteAction={deleteRuleAction}
      confirmDelete={`Delete the rule "${name}"?`}
      name={name}
      errorsOnly
    />
  );
}
