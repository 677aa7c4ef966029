/** What a server action hands back to its form: shared by the server wrapper and client forms. */
export type ActionState<T = unknown> =
  | { status: "idle" }
  | { status: "ok"; message?: string; data?: T }
  | {
      status: "error";
      code: 403 | 404 | 409 | 413 | 422 | 500;
      message: string;
      fieldErrors?: Record<string, string[]>;
      /**
       * The text fields as submitted (never a password, secret or token field), so a form posted
       * before hydration — which comes back as a fresh server render — can show them again.
       */
      values?: Record<string, string>;
    };

export const idleState: ActionState = { status: "idle" };
