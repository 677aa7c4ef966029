"use client";

import { useActionState } from "react";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";
import { CheckboxField, TextField } from "@/app/_components/form/fields";
import { Button } from "@/app/_components/ui/button";
import { idleState, type ActionState } from "@/lib/action-state";
import { keepValuesOnSubmit } from "./keep-values";
import type { GatePolicy } from "@/lib/judges/gate";
import { savePolicyAction } from "../actions";

export function PolicyForm({ policy }: { policy: GatePolicy }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(savePolicyAction, idleState);
  const errors = fieldErrorsOf(state);
  const optional = (v: number | null) => (v === null ? "" : String(v));
  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-4" aria-label="Gate policy">
      <ActionAlert state={state} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="policy-kappa"
          name="minKappa"
          label="Minimum kappa"
          errors={errors.minKappa}
          inputMode="decimal"
          defaultValue={String(policy.minKappa)}
        />
        <TextField
          id="policy-items"
          name="minItems"
          label="Minimum gold items"
          errors={errors.minItems}
          inputMode="numeric"
          defaultValue={String(policy.minItems)}
        />
        <TextField
          id="policy-per-class"
          name="minPerClass"
          label="Minimum per class"
          errors={errors.minPerClass}
          inputMode="numeric"
          defaultValue={String(policy.minPerClass)}
        />
        <TextField
          id="policy-tpr"
          name="minTpr"
          label="Minimum TPR (optional)"
          errors={errors.minTpr}
          inputMode="decimal"
          defaultValue={optional(policy.minTpr)}
        />
        <TextField
          id="policy-tnr"
          name="minTnr"
          label="Minimum TNR (optional)"
          errors={errors.minTnr}
          inputMode="decimal"
          defaultValue={optional(policy.minTnr)}
        />
        <TextField
          id="policy-flip"
          name="maxFlipRate"
          label="Maximum flip rate (optional)"
          errors={errors.maxFlipRate}
          inputMode="decimal"
          defaultValue={optional(policy.maxFlipRate)}
        />
      </div>
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
        <TextField
          id="policy-grace"
          name="graceDays"
          label="Grace period when stale (days)"
          errors={errors.graceDays}
          inputMode="numeric"
          defaultValue={String(policy.graceDays)}
        />
        <TextField
          id="policy-canary-items"
          name="canaryItems"
          label="Canary items (0: off)"
          errors={errors.canaryItems}
          inputMode="numeric"
          defaultValue={String(policy.canaryItems)}
        />
        <TextField
          id="policy-canary-hours"
          name="canaryCacheHours"
          label="Canary holds for (hours)"
          errors={errors.canaryCacheHours}
          inputMode="decimal"
          defaultValue={String(policy.canaryCacheHours)}
        />
        <TextField
          id="policy-canary-flip"
          name="canaryMaxFlipRate"
          label="Canary maximum flip rate"
          errors={errors.canaryMaxFlipRate}
          inputMode="decimal"
          defaultValue={String(policy.canaryMaxFlipRate)}
        />
      </fieldset>
      <Button type="submit" disabled={pending}>
        Save gate policy
      </Button>
    </form>
  );
}
