"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { CheckboxField, FieldErrors, SelectField, SubmitButton, TextAreaField, TextField } from "@/app/_components/form/fields";
import { useTypedBeforeHydration } from "@/app/_components/ui/use-typed-before-hydration";
import { keepValuesOnSubmit } from "@/app/(workbench)/judges/_components/keep-values";
import { idleState, type ActionState } from "@/lib/action-state";
import type { CreatedQueue } from "@/lib/db/queue-admin";
import { WrittenExamplesField } from "./written-examples-field";
import { isItemKind, ITEM_KIND_DEFINITIONS, ITEM_KINDS } from "@/lib/items/kinds";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

export interface QueueChoices {
  runs: { id: string; label: string }[];
  imports: { id: string; label: string }[];
  sources: { value: string; label: string }[];
  reviewers: { id: string; label: string }[];
}

type Action = (state: ActionState<CreatedQueue>, form: FormData) => Promise<ActionState<CreatedQueue>>;
type Source = "run" | "import" | "source";

/** The new-queue form: settings, reviewers, and where the items come from. */
export function QueueForm({
  action,
  choices,
  initial,
}: {
  action: Action;
  choices: QueueChoices;
  initial: { source: Source; runId?: string; importId?: string };
}) {
  const [state, formAction, pending] = useActionState<ActionState<CreatedQueue>, FormData>(action, idleState as ActionState<CreatedQueue>);
  // Controlled: it starts from a kind chosen before hydration, or the next render would undo that choice.
  const [kind, setKind] = useState(useTypedBeforeHydration("queue-kind", "binary"));
  const [source, setSource] = useState<Source>(initial.source);
  const errors = fieldErrorsOf(state);
  const router = useRouter();
  const createdId = state.status === "ok" ? state.data?.queue.id : undefined;
  // Made: go to it (its page says what was made, from the audit event).
  useEffect(() => {
    if (createdId) router.push(`/label/${createdId}?created=1`);
  }, [createdId, router]);

  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-6" aria-label="New label queue">
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
      {state.status === "ok" ? (
        <Alert tone="success">
          {state.message}{" "}
          {createdId ? (
            <Link className="font-medium underline" href={`/label/${createdId}?created=1`}>
              Opening the queue…
            </Link>
          ) : null}
        </Alert>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900">Queue</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="queue-name" name="name" label="Name" hint="Unique, e.g. refunds-gold-2026-11." errors={errors.name} />
          <TextField id="queue-description" name="description" label="Description (optional)" errors={errors.description} />
          <SelectField
            id="queue-kind"
            name="kind"
            label="Kind"
            errors={errors.kind}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            options={ITEM_KINDS.map((k) => ({ value: k, label: `${k}: ${ITEM_KIND_DEFINITIONS[k].summary}` }))}
          />
          {isItemKind(kind) && ITEM_KIND_DEFINITIONS[kind].fixedValues === null ? (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                id="queue-scale-min"
                name="scaleMin"
                label="Lowest score (optional)"
                errors={errors.scaleMin}
                inputMode="numeric"
                placeholder="1"
              />
              <TextField
                id="queue-scale-max"
                name="scaleMax"
                label="Highest score (optional)"
                errors={errors.scaleMax}
                inputMode="numeric"
                placeholder="5"
              />
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
          <TextField
            id="queue-primary-dimension"
            name="primaryDimension"
            label="Primary dimension"
            hint="The kind's value above; judges are calibrated against it."
            errors={errors.primaryDimension}
            defaultValue="verdict"
          />
          <TextAreaField
            id="queue-dimensions"
            name="dimensions"
            label="More dimensions (optional)"
            hint={
              <>
                One per line: <code>reason: one of hallucination, wrong tool</code>, <code>tags: any of slow, rude</code> (several may be
                chosen), <code>tone: 1-5</code>, <code>policy: pass/fail</code>. Reviewers may leave them blank.
              </>
            }
            errors={errors.dimensions}
            rows={3}
            className="font-mono"
            placeholder="reason: one of hallucination, wrong tool, incomplete"
          />
        </div>
        <TextAreaField
          id="queue-rubric"
          name="rubric"
          label="Rubric"
          hint="What reviewers judge each item against; it is shown with every item."
          errors={errors.rubric}
          rows={5}
        />
        <WrittenExamplesField errors={errors.examples} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="queue-reviewers-per-item"
            name="reviewersPerItem"
            label="Reviewers per item"
            hint="1 for plain labeling; 2 or more for a gold set (agreement, adjudication)."
            errors={errors.reviewersPerItem}
            type="number"
            min={1}
            max={10}
            defaultValue={1}
          />
          <TextField
            id="queue-test-fraction"
            name="testFraction"
            label="Test share (0–1)"
            hint="Share of items held out as the test split that gates judges."
            errors={errors.testFraction}
            inputMode="decimal"
            defaultValue="0.5"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-900">Assigned reviewers (optional)</legend>
        <p className="text-xs text-stone-500">With none chosen, anyone who may label can take items.</p>
        {choices.reviewers.length === 0 ? (
          <p className="text-sm text-stone-600">No reviewers yet: an admin adds them on the Users page.</p>
        ) : (
          <div className="grid gap-1 sm:grid-cols-2">
            {choices.reviewers.map((r) => (
              <CheckboxField key={r.id} name="reviewerIds" value={r.id} label={r.label} />
            ))}
          </div>
        )}
        <FieldErrors errors={errors.reviewerIds} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900">Items</legend>
        <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Where the items come from">
          {(
            [
              ["run", "From a run"],
              ["import", "From an import"],
              ["source", "Every transcript of a source"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} />
              {label}
            </label>
          ))}
        </div>
        {source === "run" ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              id="queue-run"
              name="runId"
              label="Run"
              hint="Every trial that did not pass (fail, error, skipped) is included. Trials with identical transcripts (same output, steps and state) share one item, so a queue can have fewer items than trials: the count of each is shown once it is made."
              errors={errors.runId}
              defaultValue={initial.runId ?? ""}
              placeholder="Choose a run…"
              options={choices.runs.map((r) => ({ value: r.id, label: r.label }))}
            />
            <TextField
              id="queue-pass-sample"
              name="passSample"
              label="Sample of passes (0–1)"
              hint="0.1 adds 10% of the passing trials."
              errors={errors.passSample}
              inputMode="decimal"
              defaultValue="0.1"
            />
            <TextField
              id="queue-sample-seed"
              name="sampleSeed"
              label="Sample seed"
              hint="The same seed picks the same passes."
              errors={errors.sampleSeed}
              inputMode="numeric"
              defaultValue="1"
            />
          </div>
        ) : null}
        {source === "import" ? (
          <SelectField
            id="queue-import"
            name="importId"
            label="Import"
            hint="The transcripts of one earlier import (Label → Import transcripts)."
            errors={errors.importId}
            defaultValue={initial.importId ?? ""}
            placeholder="Choose an import…"
            options={choices.imports.map((i) => ({ value: i.id, label: i.label }))}
          />
        ) : null}
        {source === "source" ? (
          <SelectField
            id="queue-transcript-source"
            name="transcriptSource"
            label="Source"
            hint="Every transcript from this source, of the queue's kind."
            errors={errors.transcriptSource}
            defaultValue=""
            placeholder="Choose a source…"
            options={choices.sources}
          />
        ) : null}
      </fieldset>

      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create queue
      </SubmitButton>
    </form>
  );
}
