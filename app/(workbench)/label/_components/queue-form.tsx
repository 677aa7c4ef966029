"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { useTypedBeforeHydration } from "@/app/_components/ui/use-typed-before-hydration";
import { keepValuesOnSubmit } from "@/app/(workbench)/judges/_components/keep-values";
import { idleState, type ActionState } from "@/lib/action-state";
import type { CreatedQueue } from "@/lib/db/queue-admin";
import { WrittenExamplesField } from "./written-examples-field";
import { isItemKind, ITEM_KIND_DEFINITIONS, ITEM_KINDS } from "@/lib/items/kinds";

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
  const errors = state.status === "error" ? (state.fieldErrors ?? {}) : {};
  const router = useRouter();
  const createdId = state.status === "ok" ? state.data?.queue.id : undefined;
  // Made: go to it (its page says what was made, from the audit event).
  useEffect(() => {
    if (createdId) router.push(`/label/${createdId}?created=1`);
  }, [createdId, router]);
  const invalid = (name: string) => (errors[name] ? true : undefined);

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
          <Field id="queue-name" label="Name" hint="Unique, e.g. refunds-gold-2026-11." errors={errors.name}>
            <input id="queue-name" name="name" className={inputClass} aria-invalid={invalid("name")} />
          </Field>
          <Field id="queue-description" label="Description (optional)" errors={errors.description}>
            <input id="queue-description" name="description" className={inputClass} />
          </Field>
          <Field id="queue-kind" label="Kind" errors={errors.kind}>
            <select
              id="queue-kind"
              name="kind"
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              className={inputClass}
              aria-invalid={invalid("kind")}
            >
              {ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}: {ITEM_KIND_DEFINITIONS[k].summary}
                </option>
              ))}
            </select>
          </Field>
          {isItemKind(kind) && ITEM_KIND_DEFINITIONS[kind].fixedValues === null ? (
            <div className="grid grid-cols-2 gap-3">
              <Field id="queue-scale-min" label="Lowest score (optional)" errors={errors.scaleMin}>
                <input
                  id="queue-scale-min"
                  name="scaleMin"
                  inputMode="numeric"
                  placeholder="1"
                  className={inputClass}
                  aria-invalid={invalid("scaleMin")}
                />
              </Field>
              <Field id="queue-scale-max" label="Highest score (optional)" errors={errors.scaleMax}>
                <input
                  id="queue-scale-max"
                  name="scaleMax"
                  inputMode="numeric"
                  placeholder="5"
                  className={inputClass}
                  aria-invalid={invalid("scaleMax")}
                />
              </Field>
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
          <Field
            id="queue-primary-dimension"
            label="Primary dimension"
            hint="The kind's value above; judges are calibrated against it."
            errors={errors.primaryDimension}
          >
            <input
              id="queue-primary-dimension"
              name="primaryDimension"
              defaultValue="verdict"
              className={inputClass}
              aria-invalid={invalid("primaryDimension")}
            />
          </Field>
          <Field
            id="queue-dimensions"
            label="More dimensions (optional)"
            hint={
              <>
                One per line: <code>reason: one of hallucination, wrong tool</code>, <code>tags: any of slow, rude</code> (several may be
                chosen), <code>tone: 1-5</code>, <code>policy: pass/fail</code>. Reviewers may leave them blank.
              </>
            }
            errors={errors.dimensions}
          >
            <textarea
              id="queue-dimensions"
              name="dimensions"
              rows={3}
              className={`${inputClass} font-mono`}
              aria-invalid={invalid("dimensions")}
              placeholder="reason: one of hallucination, wrong tool, incomplete"
            />
          </Field>
        </div>
        <Field
          id="queue-rubric"
          label="Rubric"
          hint="What reviewers judge each item against; it is shown with every item."
          errors={errors.rubric}
        >
          <textarea id="queue-rubric" name="rubric" rows={5} className={inputClass} aria-invalid={invalid("rubric")} />
        </Field>
        <WrittenExamplesField errors={errors.examples} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="queue-reviewers-per-item"
            label="Reviewers per item"
            hint="1 for plain labeling; 2 or more for a gold set (agreement, adjudication)."
            errors={errors.reviewersPerItem}
          >
            <input
              id="queue-reviewers-per-item"
              name="reviewersPerItem"
              type="number"
              min={1}
              max={10}
              defaultValue={1}
              className={inputClass}
              aria-invalid={invalid("reviewersPerItem")}
            />
          </Field>
          <Field
            id="queue-test-fraction"
            label="Test share (0–1)"
            hint="Share of items held out as the test split that gates judges."
            errors={errors.testFraction}
          >
            <input
              id="queue-test-fraction"
              name="testFraction"
              inputMode="decimal"
              defaultValue="0.5"
              className={inputClass}
              aria-invalid={invalid("testFraction")}
            />
          </Field>
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
              <label key={r.id} className="flex items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" name="reviewerIds" value={r.id} className="rounded border-stone-300" />
                {r.label}
              </label>
            ))}
          </div>
        )}
        {errors.reviewerIds ? (
          <p className="text-xs font-medium text-red-700" role="alert">
            {errors.reviewerIds.join(" ")}
          </p>
        ) : null}
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
            <Field
              id="queue-run"
              label="Run"
              hint="Every trial that did not pass (fail, error, skipped) is included. Trials with identical transcripts (same output, steps and state) share one item, so a queue can have fewer items than trials: the count of each is shown once it is made."
              errors={errors.runId}
            >
              <select id="queue-run" name="runId" defaultValue={initial.runId ?? ""} className={inputClass} aria-invalid={invalid("runId")}>
                <option value="">Choose a run…</option>
                {choices.runs.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="queue-pass-sample"
              label="Sample of passes (0–1)"
              hint="0.1 adds 10% of the passing trials."
              errors={errors.passSample}
            >
              <input
                id="queue-pass-sample"
                name="passSample"
                inputMode="decimal"
                defaultValue="0.1"
                className={inputClass}
                aria-invalid={invalid("passSample")}
              />
            </Field>
            <Field id="queue-sample-seed" label="Sample seed" hint="The same seed picks the same passes." errors={errors.sampleSeed}>
              <input
                id="queue-sample-seed"
                name="sampleSeed"
                inputMode="numeric"
                defaultValue="1"
                className={inputClass}
                aria-invalid={invalid("sampleSeed")}
              />
            </Field>
          </div>
        ) : null}
        {source === "import" ? (
          <Field
            id="queue-import"
            label="Import"
            hint="The transcripts of one earlier import (Label → Import transcripts)."
            errors={errors.importId}
          >
            <select
              id="queue-import"
              name="importId"
              defaultValue={initial.importId ?? ""}
              className={inputClass}
              aria-invalid={invalid("importId")}
            >
              <option value="">Choose an import…</option>
              {choices.imports.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {source === "source" ? (
          <Field
            id="queue-transcript-source"
            label="Source"
            hint="Every transcript from this source, of the queue's kind."
            errors={errors.transcriptSource}
          >
            <select
              id="queue-transcript-source"
              name="transcriptSource"
              defaultValue=""
              className={inputClass}
              aria-invalid={invalid("transcriptSource")}
            >
              <option value="">Choose a source…</option>
              {choices.sources.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </fieldset>

      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create queue"}
      </Button>
    </form>
  );
}
