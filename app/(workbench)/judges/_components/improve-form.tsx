"use client";

import Link from "next/link";
import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { idleState, type ActionState } from "@/lib/action-state";
import type { ImproveReport } from "@/lib/judging/improve";
import { estimateImproveAction, improveAction } from "../workbench-actions";

const usd = (x: number | null) => (x === null ? "unknown" : `$${x.toFixed(4)}`);
const kappa = (x: number | null) => (x === null ? "undefined" : x.toFixed(3));

function Estimate({ report }: { report: ImproveReport }) {
  const e = report.estimate;
  return (
    <p className="text-sm text-stone-800" data-testid="improve-estimate">
      {e.calls} calls ({e.proposalCalls} proposals by {report.proposer}, {e.evaluationCalls} judge calls on {report.devItems} dev items),
      estimated {usd(e.costUsd)} of a {usd(report.budgetUsd)} budget. From {report.misaligned} misaligned dev items; v
      {report.version.version} is at κ {kappa(report.baseKappa)} on dev.
    </p>
  );
}

function Outcome({ report }: { report: ImproveReport & { log: string[] } }) {
  return (
    <div className="space-y-2 rounded-md border border-stone-200 p-4" data-testid="improve-result">
      <ol className="space-y-1 text-sm">
        {report.candidates.map((c) => (
          <li key={c.k} data-testid="improve-candidate" data-k={c.k}>
            Candidate {c.k} of {report.estimate.proposalCalls}:{" "}
            {c.template === null ? `not usable (${c.problem})` : `κ ${kappa(c.kappa)} on dev · fixed ${c.fixed} · broken ${c.broken}`}
            {report.best?.k === c.k ? " — best" : ""}
          </li>
        ))}
      </ol>
      <p className="text-sm text-stone-700" data-testid="improve-spent">
        Spent {usd(report.spentUsd)} of {usd(report.budgetUsd)}
        {report.stopped ? ` (${report.stopped})` : ""}.
      </p>
      {report.saved ? (
        <p className="text-sm">
          Kept candidate {report.best!.k} as{" "}
          <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${report.saved.id}`}>
            {report.version.name} v{report.saved.version}
          </Link>{" "}
          (a draft: not approved, it gates nothing until calibrated on the test split and approved).
        </p>
      ) : (
        <p className="text-sm">No candidate beat v{report.version.version} on dev: nothing was saved.</p>
      )}
    </div>
  );
}

/**
 * "Improve automatically": first the estimate (no call made), then, once confirmed, the loop. The page shows what the
 * loop will do while it runs and every candidate's dev result when it ends.
 */
export function ImproveForm(props: { versionId: string; queueId: string }) {
  const [estimated, estimate, estimating] = useActionState<ActionState<ImproveReport>, FormData>(
    estimateImproveAction,
    idleState as ActionState<ImproveReport>,
  );
  const [ran, run, running] = useActionState<ActionState<ImproveReport & { log: string[] }>, FormData>(
    improveAction,
    idleState as ActionState<ImproveReport & { log: string[] }>,
  );
  const [asked, setAsked] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const start = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "start";
    const key = JSON.stringify([...data.entries()]);
    if (!start) setAsked(key);
    startTransition(() => (start ? run(data) : estimate(data)));
  };
  const errors = estimated.status === "error" ? (estimated.fieldErrors ?? {}) : ran.status === "error" ? (ran.fieldErrors ?? {}) : {};
  const ready = estimated.status === "ok" && estimated.data;
  return (
    <form onSubmit={onSubmit} onChange={() => setAsked(null)} className="space-y-3" aria-label="Improve automatically">
      <input type="hidden" name="versionId" value={props.versionId} />
      <input type="hidden" name="queueId" value={props.queueId} />
      <p className="text-sm text-stone-600">
        A model (the judge&apos;s own, with the team&apos;s key) proposes revised prompts from the misaligned dev items and the rubric; each
        is re-run on the dev split, and the best that beats this version is kept as a new, unapproved version.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="imp-candidates" label="Candidates" errors={errors.candidates}>
          <input id="imp-candidates" name="candidates" defaultValue={3} className={inputClass} />
        </Field>
        <Field id="imp-budget" label="Budget (USD)" errors={errors.budget}>
          <input id="imp-budget" name="budget" defaultValue="0.50" className={inputClass} />
        </Field>
        <Field id="imp-seed" label="Seed" errors={errors.seed}>
          <input id="imp-seed" name="seed" defaultValue={0} className={inputClass} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="estimate" tone="secondary" needsScript disabled={estimating || running}>
          {estimating ? "Estimating…" : "Estimate the cost"}
        </Button>
        {ready && asked ? (
          <Button type="submit" name="intent" value="start" needsScript disabled={running}>
            {running ? "Improving…" : `Start (at most $${estimated.data!.budgetUsd.toFixed(2)})`}
          </Button>
        ) : null}
      </div>
      {estimated.status === "error" && !estimated.fieldErrors ? (
        <Alert tone="error" data-testid="improve-error">
          {estimated.message}
        </Alert>
      ) : null}
      {ready ? <Estimate report={estimated.data!} /> : null}
      {running && ready ? (
        <p className="text-sm text-stone-700" data-testid="improve-progress" role="status">
          Running: {estimated.data!.estimate.proposalCalls} proposals, then each candidate on {estimated.data!.devItems} dev items (up to{" "}
          {estimated.data!.estimate.calls} calls)…
        </p>
      ) : null}
      {ran.status === "error" && !ran.fieldErrors ? (
        <Alert tone="error" data-testid="improve-error">
          {ran.message}
        </Alert>
      ) : null}
      {ran.status === "ok" && ran.data && !running ? <Outcome report={ran.data} /> : null}
    </form>
  );
}
