/**
 * An error whose message is written for the person who caused it: shown as is, with its HTTP status.
 * Anything else that escapes a request is logged and shown as a generic failure.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 415 | 422 = 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = "UserError";
  }
}
