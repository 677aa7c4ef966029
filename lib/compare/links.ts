/**
 * Addresses of the pages a run's reports link to. A trial link opens its task and the trial, scrolled
 * to the step it failed at (the run page renders that step with this id).
 */
export function runPath(runId: string): string {
  return `/runs/${encodeURIComponent(runId)}`;
}

export function trialAnchor(taskId: string, trialIndex: number, step: number | null): string {
  return step === null ? `trial-${taskId}-${trialIndex + 1}` : `trial-${taskId}-${trialIndex + 1}-step-${step + 1}`;
}

export function trialPath(runId: string, taskId: string, trialIndex: number, step: number | null): string {
  return `${runPath(runId)}?task=${encodeURIComponent(taskId)}&trial=${trialIndex + 1}#${trialAnchor(taskId, trialIndex, step)}`;
}

export function comparePath(baseRunId: string, headRunId: string): string {
  return `/runs/compare?base=${encodeURIComponent(baseRunId)}&head=${encodeURIComponent(headRunId)}`;
}

/** An absolute URL on a server ("https://gavel.example.com", with or without a trailing slash). */
export function absolute(server: string, pathname: string): string {
  return `${server.replace(/\/+$/, "")}${pathname}`;
}
