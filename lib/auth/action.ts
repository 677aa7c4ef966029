import "server-only";
import type { z } from "zod";
import type { ActionState } from "../action-state";
import { UserError } from "../errors";
import { nulPath } from "../text/nul";
import { requireRole, type SessionUser } from "./session";
import type { Scope } from "../roles";

/**
 * Wraps a server action the way every mutation should go: the role check first (a missing role is a
 * real 403, and an unauthorized caller learns nothing about the input, not even field errors), then
 * the zod parse (a bad form becomes a 422 naming each field), then the work. A UserError comes back
 * as a message; anything else is logged and reported without internals.
 */
export function defineAction<S extends z.ZodType, R = unknown>(
  scope: Scope,
  schema: S,
  run: (input: z.output<S>, user: SessionUser) => Promise<{ message?: string; data?: R } | void>,
) {
  return async function serverAction(_previous: ActionState<R> | undefined, input: FormData | z.input<S>): Promise<ActionState<R>> {
    const user = await requireRole(scope);
    const raw = input instanceof FormData ? formDataToObject(input) : input;
    const values = input instanceof FormData ? echoedValues(input) : undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "_form";
        (fieldErrors[key] ??= []).push(issue.message);
      }
      return { status: "error", code: 422, message: "Please correct the highlighted fields.", fieldErrors, values };
    }
    // PostgreSQL cannot store U+0000 (lib/text/nul.ts): refused naming the field, on both databases.
    const nul = nulPath(raw);
    if (nul !== null) {
      const message = "Contains a NUL character (U+0000), which cannot be stored: remove it and try again.";
      return { status: "error", code: 422, message: "Please correct the highlighted fields.", fieldErrors: { [nul]: [message] }, values };
    }
    try {
      const result = await run(parsed.data, user);
      return { status: "ok", message: result?.message, data: result?.data };
    } catch (error) {
      if (error instanceof UserError) {
        return {
          status: "error",
          code: error.status === 400 || error.status === 415 ? 422 : error.status,
          message: error.message,
          fieldErrors: error.field ? { [error.field]: [error.message] } : undefined,
          values,
        };
      }
      if (isNextControlFlow(error)) throw error;
      console.error(`[action] ${scope}:`, error instanceof Error ? error.message : error);
      return {
        status: "error",
        code: 500,
        message: "Something went wrong on the server; nothing was changed. The server log has details.",
      };
    }
  };
}

function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith("$ACTION")) continue;
    if (key in out) {
      const existing = out[key];
      out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Never sent back to the page, whatever the form: what a person typed there stays with the request. */
const UNECHOED = /password|secret|token|key/i;

/** A form's single-valued text fields, as typed: what a form refused before hydration shows again. */
function echoedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith("$ACTION") || UNECHOED.test(key) || typeof value !== "string" || form.getAll(key).length > 1) continue;
    out[key] = value;
  }
  return out;
}

/** redirect(), notFound(), forbidden() work by throwing; they must pass through untouched. */
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK") || digest === "NEXT_NOT_FOUND")
  );
}
