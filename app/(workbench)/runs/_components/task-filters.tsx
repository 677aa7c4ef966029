import Link from "next/link";
import { buttonClass } from "@/app/_components/ui/button";
import { cx } from "@/app/_components/ui/cx";
import { inputClass } from "@/app/_components/ui/field";
import { TASK_FILTERS, type RunPage, type RunPageQuery, type TaskFilter } from "@/lib/db/run-page";
import { KeyNav } from "./key-nav";
import { runHref } from "./run-query";

const LABEL: Record<TaskFilter, string> = {
  all: "All",
  failing: "Failing",
  flaky: "Flaky",
  errored: "Errored",
  passing: "Passing",
  skipped: "Skipped",
  changed: "Changed vs baseline",
};
const KEY: Partial<Record<TaskFilter, string>> = { all: "a", failing: "f", flaky: "l", errored: "e", changed: "c" };

/** Status chips with counts, tag and grader pickers (a plain GET form), and the page's keys. */
export function TaskFilters({ runId, query, data }: { runId: string; query: RunPageQuery; data: RunPage }) {
  return (
    <nav aria-label="Task filters" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {TASK_FILTERS.filter((f) => f !== "changed" || data.baseline).map((f) => (
          <Link
            key={f}
            href={runHref(runId, { ...query, task: null }, { filter: f })}
            data-key={KEY[f]}
            aria-current={query.filter === f ? "page" : undefined}
            className={cx(
              "rounded-full px-3 py-1 text-sm ring-1 ring-inset",
              query.filter === f ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100",
            )}
          >
            {LABEL[f]} <span className={query.filter === f ? "text-indigo-100" : "text-stone-500"}>{data.statusCounts[f]}</span>
          </Link>
        ))}
      </div>
      <form method="get" action={`/runs/${encodeURIComponent(runId)}`} className="flex flex-wrap items-end gap-2">
        {query.filter !== "all" ? <input type="hidden" name="status" value={query.filter} /> : null}
        <label className="text-sm text-stone-700">
          Tag
          <select name="tag" defaultValue={query.tag ?? ""} className={`${inputClass} mt-1`}>
            <option value="">any</option>
            {data.tags.map(([tag, n]) => (
              <option key={tag} value={tag}>
                {tag} ({n})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-stone-700">
          Grader failed
          <select name="grader" defaultValue={query.grader ?? ""} className={`${inputClass} mt-1`}>
            <option value="">any</option>
            {data.graders.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Filter
        </button>
        <span className="ml-auto text-xs text-stone-500">
          Keys: f failing · l flaky · e errored · c changed · a all · n / p next / previous page
        </span>
      </form>
      <KeyNav />
    </nav>
  );
}
