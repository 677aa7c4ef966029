import "server-only";
import { getServerSession } from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { findApiToken, recordTokenUse, scopesOf } from "../db/api-tokens";
import { UserError } from "../errors";
import { readBodyBytes } from "../server/body";
import { jsonContentTypeRefusal } from "../server/request-guard";
import { parseJsonSafely } from "../text/safe-json";
import { decodeUtf8 } from "../text/utf8";
import { authOptions } from "./options";
import { can, type Scope } from "../roles";
import { TOKEN_SCOPES, type TokenScope } from "../token-scopes";
import { userOfSession, type SessionUser } from "./session";

type Handler<P> = (
  request: NextRequest,
  context: { user: SessionUser; params: P; token: { id: string; scopes: TokenScope[] } | null },
) => Promise<Response>;

/**
 * The bearer token of a request (`Authorization: Bearer gvl_…`), or null. A request that carries
 * one is authenticated by it alone — never by a cookie — so it has no ambient authority: same-origin
 * checks do not apply to it.
 */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

export const isTokenRequest = (request: Request) => bearerToken(request) !== null;

type Authenticated = { user: SessionUser; token: { id: string; scopes: TokenScope[] } | null } | { error: Response };

/**
 * A personal API token: 401 when it is malformed, unknown, revoked or its owner is disabled; 403
 * when none of the route's token scopes is on it, or its owner's role lacks the route's scope.
 * Nothing is written for a refused token; an accepted one is audited with its last-used time.
 */
async function authenticateToken(request: NextRequest, raw: string, scope: Scope, accepts: readonly TokenScope[]): Promise<Authenticated> {
  const found = raw ? await findApiToken(raw) : null;
  if (!found)
    return {
      error: jsonError(401, "The API token is not valid. Create one on the API tokens page and send it as Authorization: Bearer <token>."),
    };
  if (found.revokedAt) return { error: jsonError(401, `The API token ${found.prefix}… was revoked.`) };
  if (found.user.disabledAt) return { error: jsonError(401, "The API token's account is disabled.") };
  const scopes = scopesOf(found.scopes);
  if (accepts.length === 0) return { error: jsonError(403, "This endpoint does not accept API tokens: sign in instead.") };
  if (!accepts.some((s) => scopes.includes(s)))
    return {
      error: jsonError(
        403,
        `The API token ${found.prefix}… has ${scopes.join(", ") || "no scope"}; this endpoint needs ${accepts.join(" or ")}.`,
      ),
    };
  const granted = accepts.filter((s) => scopes.includes(s));
  if (!can(found.user, scope) || !granted.some((s) => can(found.user, TOKEN_SCOPES[s].requires))) {
    return { error: jsonError(403, `The token's owner's role (${found.user.role}) does not allow ${scope}.`) };
  }
  await recordTokenUse(found.id, found.user.id, { method: request.method, path: request.nextUrl.pathname });
  return { user: found.user, token: { id: found.id, scopes } };
}

/**
 * A route handler for the CLI, CI and scripts: JSON errors with real status codes
 * (401 signed out or a bad token, 403 missing role or token scope, 422 bad input naming each field,
 * 409/404 from UserError). `tokens` lists the token scopes that may call it (none: sessions only).
 */
export function apiRoute<P = Record<string, string>>(scope: Scope, handler: Handler<P>, options: { tokens?: readonly TokenScope[] } = {}) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const raw = bearerToken(request);
    let auth: Authenticated;
    if (raw !== null) auth = await authenticateToken(request, raw, scope, options.tokens ?? []);
    else {
      const user = await userOfSession(await getServerSession(authOptions()));
      if (!user) return jsonError(401, "Sign in first: this endpoint needs a session or an API token.");
      if (!can(user, scope)) return jsonError(403, `Your role (${user.role}) does not allow ${scope}.`);
      auth = { user, token: null };
    }
    if ("error" in auth) return auth.error;
    const { user, token } = auth;
    try {
      return await handler(request, { user, params: await context.params, token });
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

/**
 * Reads a JSON body (Content-Type application/json, else 415; up to GAVEL_MAX_UPLOAD_MB, else 413), turning a malformed one into a 422 rather
 * than a crash: invalid UTF-8, invalid JSON, nesting deeper than 64 levels and lone surrogates are
 * each named.
 */
export async function readJson(request: Request): Promise<unknown> {
  const wrongType = jsonContentTypeRefusal(request.headers.get("content-type"));
  if (wrongType) throw new UserError(wrongType, 415);
  const decoded = decodeUtf8(await readBodyBytes(request));
  const invalid = (message: string) => new z.ZodError([{ code: "custom", path: [], message, input: undefined }]);
  if (!decoded.ok) throw invalid(`The request body is refused: ${decoded.error}`);
  const parsed = parseJsonSafely(decoded.text);
  if (!("value" in parsed))
    throw invalid(parsed.parse ? "The request body is not valid JSON." : `The request body is refused: ${parsed.error}.`);
  return parsed.value;
}
