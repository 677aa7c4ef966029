import { Alert } from "@/app/_components/ui/alert";
import type { ActionState } from "@/lib/action-state";

/** The per-field messages of a refused action (none otherwise), keyed by field name. */
export function fieldErrorsOf(state: ActionState<unknown>): Record<string, string[]> {
  return state.status === "error" ? (state.fieldErrors ?? {}) : {};
}

/**
 * What the last submit came to: the refusal as an alert, and (unless `success` is off) the
 * confirmation. `testId` names both, for a spec that waits for either (`errorTestId`, where the refusal has its own).
 */
export function ActionAlert({
  state,
  testId,
  errorTestId = testId,
  success = true,
}: {
  state: ActionState<unknown>;
  testId?: string;
  errorTestId?: string;
  success?: boolean;
}) {
  if (state.status === "error")
    return (
      <Alert tone="error" data-testid={errorTestId}>
        {state.message}
      </Alert>
    );
  if (state.status === "ok" && success && state.message)
    return (
      <Alert tone="success" data-testid={testId}>
        {state.message}
      </Alert>
    );
  return null;
}
