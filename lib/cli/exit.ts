/** Exit codes every command shares: CI reads them. */
export const EXIT = {
  ok: 0,
  /** The gate failed (a run below threshold, a judge that does not clear the bar). */
  gateFailed: 1,
  /** Bad usage or bad input: a malformed suite, a missing file, an unknown flag. Nothing was written. */
  usage: 2,
  /** A bug or an environment failure (database unreachable, ...): neither a pass nor a fail. */
  internal: 3,
} as const;

/** An error the user can fix; its message is printed as is and the process exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
