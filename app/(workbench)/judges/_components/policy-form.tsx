"use client";

import { useActionState } from "react";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";
import { CheckboxField, TextField } from "@/app/_components/form/fields";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { keepValuesOnSubmit } from "./keep-values";
import type { GatePolicy } from "@/lib/judges/gate";
import { savePolicyAction } from "../actions";

/** The policy's numeric settings (the booleans are checkboxes). */
type NumberSetting = { [K in keyof GatePolicy]: GatePolicy[K] extends number | null ? K : never }[keyof GatePolicy];

/** One numeric setting's field: ids stay as the form has always had them; decimals get the decimal keypad. */
interface SettingField {
  id: string;
  name: NumberSetting;
  label: string;
  inputMode: "decimal" | "numeric";
}

// The bar a calibration must clear; an empty optional rule is off.
const RULES: readonly SettingField[] = [
  { id: "policy-kappa", name: "minKappa", label: "Minimum kappa", inputMode: "decimal" },
  { id: "policy-items", name: "minItems", label: "Minimum gold items", inputMode: "numeric" },
  { id: "policy-per-class", name: "minPerClass", label: "Minimum per class", inputMode: "numeric" },
  { id: "policy-tpr", name: "minTpr", label: "Minimum TPR (optional)", inputMode: "decimal" },
  { id: "policy-tnr", name: "minTnr", label: "Minimum TNR (optional)", inputMode: "decimal" },
  { id: "policy-flip", name: "maxFlipRate", label: "Maximum flip rate (optional)", inputMode: "decimal" },
];

// What holds after approval.
const AFTER_APPROVAL: readonly SettingField[] = [
  { id: "policy-grace", name: "graceDays", label: "Grace period when stale (days)", inputMode: "numeric" },
  { id: "policy-canary-items", name: "canaryItems", label: "Canary items (0: off)", inputMode: "numeric" },
  { id: "policy-canary-hours", name: "canaryCacheHours", label: "Canary holds for (hours)", inputMode: "decimal" },
  { id: "policy-canary-flip", name: "canaryMaxFlipRate", label: "Canary maximum flip rate", inputMode: "decimal" },
];

export function PolicyForm({ policy }: { policy: GatePolicy }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(savePolicyAction, idleState);
  const errors = fieldErrorsOf(state);
  const field = ({ id, name, label, inputMode }: SettingField) => {
    const value = policy[name];
    return (
      <TextField
        key={name}
        id={id}
        name={name}
        label={label}
        errors={errors[name]}
        inputMode={inputMode}
        defaultValue={value === null ? "" : String(value)}
      />
    );
  };
  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-4" aria-label="Gate policy">
      <ActionAlert state={state} />
      <div className="grid gap-4 sm:grid-cols-3">{RULES.map(field)}</div>
      <CheckboxField
        name="useKappaLowerBound"
        defaultChecked={policy.useKappaLowerBound}
        label="Hold the lower bound of kappa's 95% interval to the minimum, not the point value"
      />
      <CheckboxField
        name="requireTwoHumans"
        defaultChecked={policy.requireTwoHumans}
        label="Approve only on gold items with at least two independent human labels or an adjudicated label"
      />
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-sm font-medium text-stone-900">After approval: staleness and the canary re-check</legend>
        {AFTER_APPROVAL.map(field)}
      </fieldset>
      <Button type="submit" disabled={pending}>
        Save gate policy
      </Button>
    </form>
  );
}
