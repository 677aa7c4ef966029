/** What a server action hands back to its form: shared by the server wrapper and client forms. */
export type ActionState<T = unknown> =
  | { status: "idle" }
  | { status: "ok"; message?: string; data?: T }
  | { status: "error"; code: 403 | 404 | 409 | 413 | 422 | 500; message: string; fieldErrors?: Record<string, string[]> };

export const idleState: ActionState = { status: "idle" };
