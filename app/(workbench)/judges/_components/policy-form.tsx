"use client";

import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { keepValuesOnSubmit } from "./keep-values";
import type { GatePolicy } from "@/lib/judges/gate";
import { savePolicyAction } from "../actions";

export function PolicyForm({ policy }: { policy: GatePolicy }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(savePolicyAction, idleState);
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  const optional = (v: number | null) => (v === null ? "" : String(v));
  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-4" aria-label="Gate policy">
      {state.status === "ok" ? <Alert tone="success">{state.message}</Alert> : null}
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="policy-kappa" label="Minimum kappa" errors={errors.minKappa}>
          <input id="policy-kappa" name="minKappa" inputMode="decimal" defaultValue={String(policy.minKappa)} className={inputClass} />
        </Field>
        <Field id="policy-items" label="Minimum gold items" errors={errors.minItems}>
          <input id="policy-items" name="minItems" inputMode="numeric" defaultValue={String(policy.minItems)} className={inputClass} />
        </Field>
        <Field id="policy-per-class" label="Minimum per class" errors={errors.minPerClass}>
          <input
            id="policy-per-class"
            name="minPerClass"
            inputMode="numeric"
            defaultValue={String(policy.minPerClass)}
            className={inputClass}
          />
        </Field>
        <Field id="policy-tpr" label="Minimum TPR (optional)" errors={errors.minTpr}>
          <input id="policy-tpr" name="minTpr" inputMode="decimal" defaultValue={optional(policy.minTpr)} className={inputClass} />
        </Field>
        <Field id="policy-tnr" label="Minimum TNR (optional)" errors={errors.minTnr}>
          <input id="policy-tnr" name="minTnr" inputMode="decimal" defaultValue={optional(policy.minTnr)} className={inputClass} />
        </Field>
        <Field id="policy-flip" label="Maximum flip rate (optional)" errors={errors.maxFlipRate}>
          <input
            id="policy-flip"
            name="maxFlipRate"
            inputMode="decimal"
            defaultValue={optional(policy.maxFlipRate)}
            className={inputClass}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="useKappaLowerBound"
          defaultChecked={policy.useKappaLowerBound}
          className="h-4 w-4 rounded border-stone-300"
        />
        Hold the lower bound of kappa&apos;s 95% interval to the minimum, not the point value
      </label>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="requireTwoHumans"
          defaultChecked={policy.requireTwoHumans}
          className="h-4 w-4 rounded border-stone-300"
        />
        Approve only on gold items with at least two independent human labels or an adjudicated label
      </label>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-sm font-medium text-stone-900">After approval: staleness and the canary re-check</legend>
        <Field id="policy-grace" label="Grace period when stale (days)" errors={errors.graceDays}>
          <input id="policy-grace" name="graceDays" inputMode="numeric" defaultValue={String(policy.graceDays)} className={inputClass} />
        </Field>
        <Field id="policy-canary-items" label="Canary items (0: off)" errors={errors.canaryItems}>
          <input
            id="policy-canary-items"
            name="canaryItems"
            inputMode="numeric"
            defaultValue={String(policy.canaryItems)}
            className={inputClass}
          />
        </Field>
        <Field id="policy-canary-hours" label="Canary holds for (hours)" errors={errors.canaryCacheHours}>
          <input
            id="policy-canary-hours"
            name="canaryCacheHours"
            inputMode="decimal"
            defaultValue={String(policy.canaryCacheHours)}
            className={inputClass}
          />
        </Field>
        <Field id="policy-canary-flip" label="Canary maximum flip rate" errors={errors.canaryMaxFlipRate}>
          <input
            id="policy-canary-flip"
            name="canaryMaxFlipRate"
            inputMode="decimal"
            defaultValue={String(policy.canaryMaxFlipRate)}
            className={inputClass}
          />
        </Field>
      </fieldset>
      <Button type="submit" disabled={pending}>
        Save gate policy
      </Button>
    </form>
  );
}
