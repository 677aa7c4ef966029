import type { RunPageQuery } from "@/lib/db/run-page";

/** The run page's URL with some of its filters changed (a changed filter starts again at page 1). */
export function runHref(
  runId: string,
  query: RunPageQuery,
  change: Partial<RunPageQuery> & { trial?: number | null } = {},
  hash?: string,
): string {
  const next = {
    ...query,
    page: change.filter !== undefined || change.tag !== undefined || change.grader !== undefined ? 1 : query.page,
    ...change,
  };
  const params = new URLSearchParams();
  if (next.filter !== "all") params.set("status", next.filter);
  if (next.tag) params.set("tag", next.tag);
  if (next.grader) params.set("grader", next.grader);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.task) params.set("task", next.task);
  if (change.trial) params.set("trial", String(change.trial));
  const qs = params.toString();
  return `/runs/${encodeURIComponent(runId)}${qs ? `?${qs}` : ""}${hash ? `#${hash}` : ""}`;
}
