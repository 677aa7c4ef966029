"use client";

import { useActionState, useState } from "react";
import { ActionAlert, fieldErrorsOf } from "@/app/_components/form/action-alert";
import { CheckboxField, HiddenFields, SelectField, SubmitButton, TextField } from "@/app/_components/form/fields";
import { Button } from "@/app/_components/ui/button";
import { cx } from "@/app/_components/ui/cx";
import { ActionButtonForm } from "@/app/_components/form/action-button-form";
import { idleState, type ActionState } from "@/lib/action-state";
import { keepValuesOnSubmit } from "./keep-values";
import { approveAction, compareRunAction, newModelAction, recheckAction, revokeAction, runJudgeAction } from "../actions";

export interface LabelSetOption {
  id: string;
  name: string;
  devGold: number;
  testGold: number;
}

const SPLITS = [
  { value: "dev", label: "dev (for tuning the prompt)" },
  { value: "test", label: "test (held out: the gate reads this)" },
  { value: "both", label: "both" },
];

function LabelSetSelect({ labelSets, errors, defaultValue }: { labelSets: LabelSetOption[]; errors?: string[]; defaultValue?: string }) {
  return (
    <SelectField
      id="run-queue"
      name="queueId"
      label="Label set"
      errors={errors}
      defaultValue={defaultValue ?? labelSets[0]?.id}
      options={labelSets.map((set) => ({ value: set.id, label: `${set.name} — ${set.devGold} dev / ${set.testGold} test gold items` }))}
    />
  );
}

/** Run the judge over a split's gold items and calibrate; waits for the answer (small sets). */
export function RunForm({ versionId, labelSets, pairwise }: { versionId: string; labelSets: LabelSetOption[]; pairwise: boolean }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(runJudgeAction, idleState);
  const errors = fieldErrorsOf(state);
  return (
    <form {...keepValuesOnSubmit(formAction)} className="space-y-4" aria-label="Run and calibrate">
      <input type="hidden" name="versionId" value={versionId} />
      <ActionAlert state={state} testId="run-result" />
      <div className="grid gap-4 sm:grid-cols-3">
        <LabelSetSelect labelSets={labelSets} errors={errors.queueId} />
        <SelectField
          id="run-split"
          name="split"
          label="Split"
          hint="Tune on dev; the gate reads only test."
          errors={errors.split}
          defaultValue="dev"
          options={SPLITS}
        />
        <TextField
          id="run-repeats"
          name="repeats"
          label="Repeats per item"
          hint="2 or more measures the flip rate."
          errors={errors.repeats}
          inputMode="numeric"
          defaultValue="1"
        />
      </div>
      {pairwise ? <CheckboxField name="bothOrders" label="Judge both orders (measures position consistency)" /> : null}
      <SubmitButton pending={pending} pendingLabel="Judging… (this page waits for every call)">
        Run and calibrate
      </SubmitButton>
    </form>
  );
}

export function NewModelForm({
  versionId,
  currentModel,
  labelSets,
}: {
  versionId: string;
  currentModel: string;
  labelSets: LabelSetOption[];
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(newModelAction, idleState);
  const errors = fieldErrorsOf(state);
  return (
    <form {...keepValuesOnSubmit(formAction)} className="space-y-4" aria-label="New model for this judge">
      <input type="hidden" name="versionId" value={versionId} />
      <ActionAlert state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-model"
          name="model"
          label="New model"
          hint={`Currently ${currentModel}. Everything else stays the same.`}
          errors={errors.model}
        />
        {labelSets.length > 0 ? <LabelSetSelect labelSets={labelSets} errors={errors.queueId} /> : null}
      </div>
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create the new version and compare
      </SubmitButton>
    </form>
  );
}

export function CompareRunForm({ baseId, candidateId, queueId }: { baseId: string; candidateId: string; queueId: string }) {
  return (
    <ActionButtonForm
      action={compareRunAction}
      label="Calibrate both"
      hidden={{ baseId, candidateId, queueId }}
      testId="compare-result"
      pendingLabel="Judging both versions…"
    >
      Run and calibrate both on the test split
    </ActionButtonForm>
  );
}

/** The second click of a two-click action: what will happen (children), the confirming submit and a way back. */
function ConfirmPanel({
  tone = "primary",
  testId,
  pending,
  pendingLabel,
  confirmLabel,
  onCancel,
  children,
}: {
  tone?: "primary" | "danger";
  testId: string;
  pending: boolean;
  pendingLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cx(
        "space-y-2 rounded-md border p-3 text-sm",
        tone === "danger" ? "border-red-200 bg-red-50" : "border-indigo-200 bg-indigo-50",
      )}
      data-testid={testId}
    >
      {children}
      <div className="flex gap-2">
        <SubmitButton tone={tone} pending={pending} pendingLabel={pendingLabel}>
          {confirmLabel}
        </SubmitButton>
        <Button type="button" tone="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Enabled only when every gate rule holds on that label set; the server checks them all again whatever this shows. */
/**
 * Approving makes a judge's verdicts count in CI, so it takes two clicks: "Approve" shows what will happen, "Confirm
 * approval" sends it. When the κ bar is above the human ceiling the admin must tick that they saw it (audited).
 */
export function ApproveForm({
  versionId,
  queueId,
  labelSetName,
  canApprove,
  aboveCeiling,
  warnings = [],
}: {
  versionId: string;
  queueId?: string;
  labelSetName?: string;
  canApprove: boolean;
  /** Said before the admin confirms (the test split reused past its limit): approving stays allowed. */
  warnings?: string[];
  /** The bar and the ceiling when the bar is above it: the confirmation asks for an explicit tick. */
  aboveCeiling?: { bar: number; ceiling: number } | null;
}) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(approveAction, idleState);
  const [confirming, setConfirming] = useState(false);
  return (
    <form action={formAction} className="space-y-3" aria-label={labelSetName ? `Approve on ${labelSetName}` : "Approve"}>
      <HiddenFields values={{ versionId, queueId }} />
      <ActionAlert state={state} testId="approve-result" />
      {confirming ? (
        <ConfirmPanel
          testId="approve-confirm"
          pending={pending}
          pendingLabel="Approving…"
          confirmLabel="Confirm approval"
          onCancel={() => setConfirming(false)}
        >
          <p className="text-stone-800">
            Approve on {labelSetName ?? "this label set"}? From now on its verdicts count in CI runs (recorded in the audit log).
          </p>
          {warnings.map((w) => (
            <p key={w} className="text-amber-900" data-testid="approve-warning">
              Warning: {w}
            </p>
          ))}
          {aboveCeiling ? (
            <label className="flex items-start gap-2 text-amber-900">
              <input type="checkbox" name="confirmAboveCeiling" required className="mt-0.5 h-4 w-4 rounded border-stone-300" />
              <span>
                I see that the bar κ {aboveCeiling.bar.toFixed(2)} is above the reviewers&apos; own agreement (κ{" "}
                {aboveCeiling.ceiling.toFixed(3)}) and approve anyway.
              </span>
            </label>
          ) : null}
        </ConfirmPanel>
      ) : (
        <Button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={!canApprove || pending}
          title={canApprove ? undefined : "Every gate rule must hold on this label set first"}
        >
          Approve
        </Button>
      )}
    </form>
  );
}

/** Revoking stops a gating judge at once: a second click confirms it. */
export function RevokeForm({ versionId }: { versionId: string }) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(revokeAction, idleState);
  const [confirming, setConfirming] = useState(false);
  return (
    <form action={formAction} className="space-y-3" aria-label="Revoke approval">
      <input type="hidden" name="versionId" value={versionId} />
      <ActionAlert state={state} testId="revoke-result" />
      {confirming ? (
        <ConfirmPanel
          tone="danger"
          testId="revoke-confirm"
          pending={pending}
          pendingLabel="Revoking…"
          confirmLabel="Confirm revoke"
          onCancel={() => setConfirming(false)}
        >
          <p className="text-stone-800">Revoke the approval? Its verdicts become shadow at once: runs stop counting them.</p>
          <TextField id="revoke-reason" name="reason" label="Reason (optional, goes to the audit log)" />
        </ConfirmPanel>
      ) : (
        <Button type="button" tone="danger" onClick={() => setConfirming(true)}>
          Revoke approval
        </Button>
      )}
    </form>
  );
}

/** Recalibrates a stale version and runs the canary now (a run does the same before it counts the judge). */
export function RecheckForm({ versionId }: { versionId: string }) {
  return (
    <ActionButtonForm
      action={recheckAction}
      label="Re-check now"
      hidden={{ versionId }}
      testId="recheck-result"
      pendingLabel="Re-checking…"
    >
      Re-check now
    </ActionButtonForm>
  );
}
