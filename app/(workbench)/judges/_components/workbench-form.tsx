"use client";

import { startTransition, useActionState, type FormEvent } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Badge, type BadgeTone } from "@/app/_components/ui/badge";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import { formatInterval, formatStat } from "@/lib/judges/format";
import { ALIGNMENT_LABELS, type Alignment } from "@/lib/judges/workbench";
import type { TryResult, WorkbenchItem } from "@/lib/judging/workbench";
import { saveDraftAction, tryDraftAction } from "../workbench-actions";

const ALIGNMENT_TONES: Record<Alignment, BadgeTone> = {
  false_pass: "bad",
  false_fail: "bad",
  wrong: "bad",
  repeats_disagree: "warn",
  unanswered: "muted",
  aligned: "good",
};

const CHANGE_TONES: Record<string, BadgeTone> = {
  fixed: "good",
  broken: "bad",
  unchanged: "muted",
  changed_still_wrong: "warn",
  not_compared: "muted",
};

function Kappa({ label, report, testId }: { label: string; report: TryResult["draft"]; testId: string }) {
  return (
    <div data-testid={testId}>
      <div className="text-xs text-stone-500">{label}</div>
      <div className="text-lg font-semibold text-stone-900">κ {formatStat(report.value)}</div>
      <div className="text-xs text-stone-600">
        Wald 95% {formatInterval(report.ci95)} · bootstrap 95% {formatInterval(report.bootstrap)} · n {report.n}
      </div>
    </div>
  );
}

function TryPanel({ result }: { result: TryResult }) {
  const c = result.counts;
  return (
    <div className="space-y-3 rounded-md border border-stone-200 p-4" data-testid="try-result">
      <p className="text-sm text-stone-700">
        Draft {result.unchanged ? "(the version itself)" : <span className="font-mono">{result.draftHash.slice(0, 12)}</span>} on{" "}
        {result.items} dev items of {result.labelSet.name}: {result.changed.length ? result.changed.join("; ") : "nothing changed"}. Calls:{" "}
        {result.calls.ok} ok, {result.calls.skipped} skipped, {result.calls.error} errors. Nothing was saved.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Kappa label={`v${result.version.version} (stored dev verdicts)`} report={result.base} testId="try-base-kappa" />
        <Kappa label="Draft" report={result.draft} testId="try-draft-kappa" />
      </div>
      <p className="text-sm" data-testid="try-counts">
        fixed {c.fixed} · broken {c.broken} · unchanged {c.unchanged} · changed, still wrong {c.changed_still_wrong} · not compared{" "}
        {c.not_compared}
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-xs text-stone-500">
            <th className="py-1">Item</th>
            <th>Gold</th>
            <th>v{result.version.version} said</th>
            <th>Draft says</th>
            <th>Change</th>
            <th>Draft&apos;s reason</th>
          </tr>
        </thead>
        <tbody>
          {result.changes.map((row) => (
            <tr key={row.transcriptId} data-testid="try-change" data-change={row.change} data-transcript={row.transcriptId}>
              <td className="py-1 font-mono text-xs">{row.transcriptId.slice(-8)}</td>
              <td>{row.gold}</td>
              <td>{row.before ?? "—"}</td>
              <td>{row.after ?? "—"}</td>
              <td>
                <Badge tone={CHANGE_TONES[row.change]}>{row.change.replaceAll("_", " ")}</Badge>
              </td>
              <td className="text-xs text-stone-600">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemCard({ item }: { item: WorkbenchItem }) {
  return (
    <li
      className="space-y-2 rounded-md border border-stone-200 p-3"
      data-testid="workbench-item"
      data-alignment={item.alignment}
      data-transcript={item.transcriptId}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={ALIGNMENT_TONES[item.alignment]}>{ALIGNMENT_LABELS[item.alignment]}</Badge>
        <span className="font-mono text-xs text-stone-600">{item.externalId ?? item.transcriptId}</span>
        <span className="text-sm">
          gold <strong>{item.gold}</strong> · judge <strong>{item.judge ?? "—"}</strong>
          {item.answers.length > 1 ? ` (answers: ${item.answers.map((a) => a.value ?? a.status).join(", ")})` : ""}
        </span>
        <label className="ml-auto flex items-center gap-1 text-sm text-stone-700">
          <input type="checkbox" name="examples" value={item.transcriptId} defaultChecked={item.isExample} className="h-4 w-4" /> worked
          example
        </label>
      </div>
      <pre
        className="max-h-48 overflow-auto whitespace-pre-wrap rounded bg-stone-50 p-2 text-xs text-stone-800"
        data-testid="item-transcript"
      >
        {item.output}
      </pre>
      <p className="text-xs text-stone-700">
        <span className="font-medium">Judge&apos;s reason:</span> {item.judgeReason ?? "—"}
      </p>
      <ul className="text-xs text-stone-700">
        {item.humans.map((h, i) => (
          <li key={i}>
            {h.reviewer}: <strong>{h.value}</strong>
            {h.reason ? ` — ${h.reason}` : ""}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function WorkbenchForm(props: {
  versionId: string;
  queueId: string;
  defaults: { promptTemplate: string; temperature: number; maxTokens: number; seed: number | null };
  items: WorkbenchItem[];
}) {
  const [tried, tryDispatch, trying] = useActionState<ActionState<TryResult>, FormData>(
    tryDraftAction,
    idleState as ActionState<TryResult>,
  );
  const [saved, saveDispatch, saving] = useActionState<ActionState, FormData>(saveDraftAction, idleState);
  const errors = tried.status === "error" ? (tried.fieldErrors ?? {}) : saved.status === "error" ? (saved.fieldErrors ?? {}) : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const save = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "save";
    startTransition(() => (save ? saveDispatch(data) : tryDispatch(data)));
  };
  return (
    <form action={tryDispatch} onSubmit={onSubmit} className="space-y-4" aria-label="Workbench draft">
      <input type="hidden" name="versionId" value={props.versionId} />
      <input type="hidden" name="queueId" value={props.queueId} />
      <Field
        id="wb-prompt"
        label="Prompt template"
        errors={errors.promptTemplate}
        hint="{{examples}} places the worked examples; without it they go before the prompt."
      >
        <textarea
          id="wb-prompt"
          name="promptTemplate"
          rows={8}
          defaultValue={props.defaults.promptTemplate}
          className={`${inputClass} font-mono`}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field id="wb-temperature" label="Temperature" errors={errors.temperature}>
          <input id="wb-temperature" name="temperature" defaultValue={props.defaults.temperature} className={inputClass} />
        </Field>
        <Field id="wb-max-tokens" label="Max tokens" errors={errors.maxTokens}>
          <input id="wb-max-tokens" name="maxTokens" defaultValue={props.defaults.maxTokens} className={inputClass} />
        </Field>
        <Field id="wb-seed" label="Seed" errors={errors.seed}>
          <input id="wb-seed" name="seed" defaultValue={props.defaults.seed ?? ""} className={inputClass} />
        </Field>
        <Field id="wb-subset" label="Re-run on" errors={errors.subset}>
          <select id="wb-subset" name="subset" defaultValue="all" className={inputClass}>
            <option value="all">every dev item</option>
            <option value="misaligned">the misaligned dev items</option>
          </select>
        </Field>
      </div>
      <Field id="wb-note" label="Note for a saved version (optional)" errors={errors.note}>
        <input id="wb-note" name="note" className={inputClass} />
      </Field>
      {errors.examples ? <Alert tone="error">{errors.examples.join(" ")}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="try" needsScript disabled={trying || saving}>
          {trying ? "Re-running on dev…" : "Re-run on dev"}
        </Button>
        <Button type="submit" name="intent" value="save" tone="secondary" needsScript disabled={trying || saving}>
          {saving ? "Saving…" : "Save as new version"}
        </Button>
      </div>
      {tried.status === "error" ? (
        <Alert tone="error" data-testid="try-error">
          {tried.message}
        </Alert>
      ) : null}
      {saved.status === "error" ? (
        <Alert tone="error" data-testid="save-error">
          {saved.message}
        </Alert>
      ) : null}
      {tried.status === "ok" && tried.data ? <TryPanel result={tried.data} /> : null}
      <h2 className="pt-2 text-sm font-semibold text-stone-900">Dev items, misaligned first</h2>
      <ol className="space-y-3">
        {props.items.map((item) => (
          <ItemCard key={item.transcriptId} item={item} />
        ))}
      </ol>
    </form>
  );
}
