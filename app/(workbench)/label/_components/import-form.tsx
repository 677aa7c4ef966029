"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { keepValuesOnSubmit } from "@/app/(workbench)/judges/_components/keep-values";
import { idleState, type ActionState } from "@/lib/action-state";
import type { ImportFileResult } from "@/lib/db/import";
import { FORMAT_LABELS, TRANSCRIPT_FORMATS } from "@/lib/schemas/transcript-formats";
import { ImportReportView } from "../import/import-report";
import { SelectField, SubmitButton, TextAreaField, TextField } from "@/app/_components/form/fields";
import { fieldErrorsOf } from "@/app/_components/form/action-alert";

type Action = (state: ActionState<ImportFileResult>, form: FormData) => Promise<ActionState<ImportFileResult>>;

/** Upload a transcript file; shows every problem (nothing written) or what was imported. */
export function ImportForm({ action, queues }: { action: Action; queues: string[] }) {
  const [state, formAction, pending] = useActionState<ActionState<ImportFileResult>, FormData>(
    action,
    idleState as ActionState<ImportFileResult>,
  );
  const errors = fieldErrorsOf(state);
  const result = state.status === "ok" ? state.data : undefined;
  const problems = result && !result.ok ? result.errors : null;

  return (
    <form {...keepValuesOnSubmit(formAction)} noValidate className="space-y-5" aria-label="Import transcripts">
      {state.status === "error" && !state.fieldErrors ? <Alert tone="error">{state.message}</Alert> : null}
      {problems ? (
        <div
          role="alert"
          aria-label="Import problems"
          className="rounded-md border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
        >
          <p className="font-medium">
            The file has {problems.length} problem{problems.length === 1 ? "" : "s"}; nothing was imported. Fix{" "}
            {problems.length === 1 ? "it" : "them"} and upload the file again.
          </p>
          <ul className="mt-2 max-h-80 list-disc space-y-0.5 overflow-auto pl-5 font-mono text-xs">
            {problems.slice(0, 200).map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
            {problems.length > 200 ? <li>… and {problems.length - 200} more</li> : null}
          </ul>
        </div>
      ) : null}
      {result && result.ok ? (
        <Alert tone="success" aria-label="Import result">
          <p className="font-medium" data-testid="import-counts">
            Imported {result.items} transcript{result.items === 1 ? "" : "s"}: {result.created} new, {result.existing} already stored
            {result.queue
              ? `; ${result.addedToQueue} added to the queue "${result.queue.name}"${result.queue.created ? " (new)" : ""}`
              : ""}
            {result.verdicts.created + result.verdicts.existing
              ? `; judge verdicts: ${result.verdicts.created} new, ${result.verdicts.existing} already stored`
              : ""}
            .
          </p>
          {result.notes.length ? (
            <ul className="mt-1 list-disc pl-5" aria-label="Import notes">
              {result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <ImportReportView report={result} />
          <p className="mt-1">
            <Link className="font-medium underline" href={`/label/new?import=${encodeURIComponent(result.importId)}`}>
              Create a label queue from this import
            </Link>
          </p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="import-file"
          name="file"
          label="Transcript file"
          hint="Gavel JSONL, OpenTelemetry traces (OTLP JSON), OpenAI chat JSONL, a promptfoo results.json, an Inspect AI log (.json or .eval) or a Langfuse export."
          errors={errors.file}
          type="file"
          accept=".jsonl,.ndjson,.json,.eval,application/json"
        />
        <SelectField
          id="import-format"
          name="format"
          label="Format"
          errors={errors.format}
          defaultValue="auto"
          options={[
            { value: "auto", label: "Detect from the file" },
            ...TRANSCRIPT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] })),
          ]}
        />
        <TextField
          id="import-queue"
          name="queue"
          label="Add to queue (optional)"
          hint="An existing queue's name, or a new name to create a queue from this file."
          errors={errors.queue}
          list="import-queue-names"
        />
        <datalist id="import-queue-names">
          {queues.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <details className="rounded-md border border-stone-200 px-3.5 py-2.5">
        <summary className="cursor-pointer text-sm font-medium">Make judge verdicts from the file&apos;s scores (optional)</summary>
        <p className="mt-1 text-sm text-stone-600">
          Without this, a peer&apos;s scores (Langfuse, Inspect, promptfoo) are kept as scores and no verdict is made: only you know whether
          0 is good (toxicity) or bad (correctness).
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <TextField
            id="import-score"
            name="score"
            label="Score"
            hint="Its name in the file, e.g. llm-rubric or correctness."
            errors={errors.score}
          />
          <TextField
            id="import-pass-when"
            name="passWhen"
            label="Passes when"
            hint='">=0.5", "<=0.2" (lower is better), "==C", "==true"'
            errors={errors.passWhen}
          />
          <TextField id="import-judge" name="judge" label="Judge name (optional)" hint="Default: source-score." errors={errors.judge} />
        </div>
        <TextAreaField
          id="import-score-map"
          name="scoreMap"
          label="Or a mapping of several scores (YAML)"
          hint={"scores:\n  - score: toxicity\n    threshold: 0.2\n    polarity: lower"}
          errors={errors.scoreMap}
          rows={3}
          className="font-mono text-xs"
        />
      </details>
      <SubmitButton pending={pending} pendingLabel="Importing…">
        Import
      </SubmitButton>
    </form>
  );
}
