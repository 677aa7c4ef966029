import Link from "next/link";
import { Card, CardBody } from "@/app/_components/ui/card";
import type { FailingSplit } from "@/lib/compare/failing-split";
import { describeSteps, failureHeadline, type FailureGroup } from "@/lib/compare/failure-groups";
import type { RunPage } from "@/lib/db/run-page";
import { pct } from "@/lib/format";
import type { GateResult } from "@/lib/gates/result";
import { GateBadge } from "./verdict-badge";

const taskHref = (runId: string, key: string) => `/runs/${encodeURIComponent(runId)}?task=${encodeURIComponent(key)}`;

function TaskLinks({ runId, keys }: { runId: string; keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <span key={key}>
          {i > 0 ? ", " : null}
          <Link className="font-mono text-xs text-indigo-700 underline" href={taskHref(runId, key)}>
            {key}
          </Link>
        </span>
      ))}
    </>
  );
}

/** The verdict in one line: gate, how many gates failed, how many tasks newly fail, pass rate against threshold. */
function verdictWords(run: RunPage["run"], gates: readonly GateResult[] | undefined, split: FailingSplit): string {
  const failedGates = gates?.filter((g) => g.status === "fail").length ?? 0;
  const parts = [
    run.status === "running"
      ? "still running"
      : run.gatePassed === true
        ? "gate passed"
        : run.gatePassed === false
          ? `gate failed${gates?.length ? ` (${failedGates} of ${gates.length} gates)` : ""}`
          : "no gate verdict",
    `${split.lead.length} ${split.lead.length === 1 ? split.noun.replace(/tasks$/, "task") : split.noun}`,
    `pass rate ${pct(run.passRate)} vs threshold ${pct(run.threshold)}`,
  ];
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Diff first: the verdict line, then the failing tasks this run is to blame for, grouped by where
 * they broke (lib/compare/failure-groups.ts, in the Markdown summary's words), then the rest
 * folded — the gate's reasons, the gate table and the tasks that fail in the baseline too. Each task is listed once.
 */
export function FailureSummary({
  run,
  gates,
  split,
  groups,
  reasons,
  gatesTable,
}: {
  run: RunPage["run"];
  gates: readonly GateResult[] | undefined;
  split: FailingSplit;
  groups: readonly FailureGroup[];
  /** The gate's reasons in words (the run record's summary.gate.reasons). */
  reasons: readonly string[];
  gatesTable: React.ReactNode;
}) {
  const headline = failureHeadline(groups, split.noun, (s) => s);
  const grouped = new Set(groups.flatMap((g) => g.taskIds));
  const ungrouped = split.lead.filter((key) => !grouped.has(key));
  const failedGates = gates?.filter((g) => g.status === "fail").length ?? 0;
  const title = split.noun === "newly failing tasks" ? "Newly failing" : "Failing";
  return (
    <div className="space-y-3">
      <Card aria-label="Verdict">
        <CardBody className="space-y-3">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-stone-900" data-testid="run-verdict">
            <GateBadge passed={run.gatePassed} status={run.status} />
            {verdictWords(run, gates, split)}
          </h2>
          {headline ? (
            <p className="text-sm font-medium text-stone-900" data-testid="failure-headline">
              {headline.charAt(0).toUpperCase() + headline.slice(1)}
            </p>
          ) : null}
          {split.lead.length ? (
            <section aria-label={`${title} tasks by where they broke`}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                {title} ({split.lead.length}), by where they broke
              </h3>
              <ol className="mt-2 space-y-2">
                {groups.map((g) => (
                  <li
                    key={`${g.tool}-${g.graderKinds.join(",")}`}
                    className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm"
                    data-testid="failure-group"
                  >
                    <p className="text-stone-900">
                      <strong>
                        {g.taskIds.length} at {describeSteps(g.steps)}
                        {g.tool ? (
                          <>
                            {" "}
                            <code className="font-mono text-xs">{g.tool}</code>
                          </>
                        ) : null}
                      </strong>
                      {g.diagnosis ? ` — ${g.diagnosis}` : g.graderKinds.length ? ` — ${g.graderKinds.join(", ")} failed` : null}
                    </p>
                    <p className="mt-1 text-stone-700">
                      <TaskLinks runId={run.id} keys={g.taskIds} />
                    </p>
                  </li>
                ))}
                {ungrouped.length ? (
                  <li className="text-sm text-stone-700" data-testid="failure-ungrouped">
                    {ungrouped.length} more with no failing trial stored to read: <TaskLinks runId={run.id} keys={ungrouped} />
                  </li>
                ) : null}
              </ol>
            </section>
          ) : null}
        </CardBody>
      </Card>
      {reasons.length ? (
        <details className="rounded-lg border border-stone-200 bg-white" data-testid="gate-reasons-folded">
          <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-stone-800">
            Why: {reasons[0]}
            {reasons.length > 1 ? ` and ${reasons.length - 1} more reason${reasons.length === 2 ? "" : "s"}` : ""}
          </summary>
          <ul className="list-disc px-5 pb-3 pl-10 text-sm text-stone-700" aria-label="Gate reasons">
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {gates ? (
        <details className="rounded-lg border border-stone-200 bg-white" data-testid="gates-folded">
          <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-stone-800">
            Gates: {failedGates ? `${failedGates} failed` : "none failed"} of {gates.length} — the table with the numbers behind each
          </summary>
          {gatesTable}
        </details>
      ) : null}
      {split.alsoInBaseline.length ? (
        <details className="rounded-lg border border-stone-200 bg-white" data-testid="also-failing">
          <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-stone-800">
            Also failing in the baseline ({split.alsoInBaseline.length})
          </summary>
          <p className="px-5 pb-3 text-sm text-stone-700">
            <TaskLinks runId={run.id} keys={split.alsoInBaseline} />
          </p>
        </details>
      ) : null}
    </div>
  );
}
