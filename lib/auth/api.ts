import "server-only";
import { getServerSession } from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { findUserById } from "../db/users";
import { UserError } from "../errors";
import { authOptions } from "./options";
import { can, type Scope } from "../roles";
import type { SessionUser } from "./session";

type Handler<P> = (request: NextRequest, context: { user: SessionUser; params: P }) => Promise<Response>;

/**
 * A route handler for the CLI, CI and scripts: JSON errors with real status codes
 * (401 signed out, 403 missing role, 422 bad input naming each field, 409/404 from UserError).
 */
export function apiRoute<P = Record<string, string>>(scope: Scope, handler: Handler<P>) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const session = await getServerSession(authOptions());
    const user = session?.user?.id ? await findUserById(session.user.id) : null;
    if (!user || user.disabledAt) return jsonError(401, "Sign in first: this endpoint needs a session.");
    if (!can(user, scope)) return jsonError(403, `Your role (${user.role}) does not allow ${scope}.`);
    try {
      return await handler(request, { user, params: await context.params });
    } catch (error) {
      if (error instanceof z.ZodError) {
        return NextResponse.json(
          { error: "Invalid request.", issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) },
          { status: 422 },
        );
      }
      if (error instanceof UserError) return jsonError(error.status, error.message);
      console.error(`[api] ${request.method} ${request.nextUrl.pathname}:`, error instanceof Error ? error.message : error);
      return jsonError(500, "Something went wrong on the server; nothing was changed.");
    }
  };
}

export function jsonError(status: number, message: string): Response {
  return NextResponse.json({ error: message }, { status });
}

/** Reads a JSON body, turning a malformed one into a 422 rather than a crash. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new z.ZodError([{ code: "custom", path: [], message: "The request body is not valid JSON.", input: undefined }]);
  }
}
