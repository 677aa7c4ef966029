/**
 * Checks the proxy (proxy.ts) makes on every request before a page, action or route sees it. Pure
 * functions of the request's method, URL and headers, so they are tested without a server.
 */

/** A browser sends these methods only for requests meant to change something. */
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The size limit on request bodies, from GAVEL_MAX_UPLOAD_MB (default 50; whole megabytes, 1 MB = 2^20 bytes). */
export function maxUploadBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.GAVEL_MAX_UPLOAD_MB?.trim();
  const mb = raw ? Number(raw) : 50;
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`GAVEL_MAX_UPLOAD_MB must be a positive number of megabytes, not "${raw}".`);
  return Math.floor(mb * 2 ** 20);
}

export const formatMb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB`;

export function tooLargeMessage(limit: number, size?: number): string {
  // Rounded to the same megabytes, "50 MB is larger than 50 MB" reads as a bug: give the bytes.
  const exact = size !== undefined && formatMb(size) === formatMb(limit);
  const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;
  const sizeText = size === undefined ? "" : ` (${exact ? bytes(size) : formatMb(size)})`;
  const limitText = exact ? `${bytes(limit)} (${formatMb(limit)})` : formatMb(limit);
  return `The request body${sizeText} is larger than the limit of ${limitText} (GAVEL_MAX_UPLOAD_MB); nothing was read or written. Import larger files with the CLI: gavel import transcripts FILE.`;
}

interface RequestLike {
  method: string;
  url: string;
  headers: Headers;
}

/** Authorization: Bearer … — an API token, not a cookie: no ambient authority to abuse. */
const bearer = (headers: Headers) => /^Bearer\s+\S+/i.test(headers.get("authorization") ?? "");

/**
 * Why a request is refused as cross-site, or null. State-changing requests to /api/* and server
 * actions (any POST carrying a Next-Action header) must come from this app's own origin: the
 * browser's Sec-Fetch-Site says "same-origin" (or "none": typed by the user), or its Origin is the
 * app's. A request with neither header is not a browser's cross-site request (curl, scripts) and
 * passes; one carrying a bearer token is authenticated by the token alone and passes.
 *
 * `origins` are the app's own origins: the request's Host (and X-Forwarded-Host behind a proxy)
 * and NEXTAUTH_URL's.
 */
export function crossSiteRefusal(request: RequestLike, extraOrigins: readonly string[] = []): string | null {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return null;
  const url = new URL(request.url);
  const action = request.headers.has("next-action");
  if (!action && !url.pathname.startsWith("/api/")) return null;
  if (bearer(request.headers)) return null;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const own = ownOrigins(request, extraOrigins);
  if (origin !== null) {
    if (origin === "null" || !own.has(origin.toLowerCase()))
      return `Cross-site request refused: it came from ${origin}, not from this app. Use the app's own pages, or an API token (Authorization: Bearer …) from scripts.`;
    return null;
  }
  if (site !== null && site !== "same-origin" && site !== "none")
    return `Cross-site request refused (Sec-Fetch-Site: ${site}). Use the app's own pages, or an API token (Authorization: Bearer …) from scripts.`;
  return null;
}

function ownOrigins(request: RequestLike, extra: readonly string[]): Set<string> {
  const url = new URL(request.url);
  const origins = new Set<string>([url.origin.toLowerCase()]);
  const proto = (request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "")).split(",")[0]!.trim();
  for (const name of ["host", "x-forwarded-host"]) {
    const host = request.headers.get(name)?.split(",")[0]?.trim();
    if (host) origins.add(`${proto}://${host}`.toLowerCase());
  }
  for (const origin of extra) {
    try {
      origins.add(new URL(origin).origin.toLowerCase());
    } catch {
      // An unparseable NEXTAUTH_URL is reported by lib/env; it adds no origin here.
    }
  }
  return origins;
}

/** Why a request is refused as too large by its declared length, or null (the routes also count what they read). */
export function sizeRefusal(request: Pick<RequestLike, "headers">, limit: number): string | null {
  const declared = request.headers.get("content-length");
  if (declared === null) return null;
  const size = Number(declared);
  return Number.isFinite(size) && size > limit ? tooLargeMessage(limit, size) : null;
}

/**
 * Why a server action's body is refused for having no declared length, or null. Next reads an
 * action's body itself and fails with a 500 past its limit; with a Content-Length the size check
 * above answers 413 first, and every browser sends one for an action (fetch with a known body), so
 * a chunked body with none is refused up front (411) rather than read.
 */
export function lengthRequiredRefusal(request: Pick<RequestLike, "method" | "headers">): string | null {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  if (request.headers.has("content-length") || !request.headers.has("transfer-encoding")) return null;
  return "Send the form with a Content-Length: bodies of unknown length are not accepted here; nothing was read or written.";
}

/**
 * Why a JSON route refuses a body by its Content-Type, or null. JSON routes take only
 * `application/json` (or a `+json` type): a browser sends that cross-site only after a CORS
 * preflight this app never answers, while `text/plain`, form and multipart bodies are "simple"
 * requests a foreign page can send with the visitor's cookie. The origin check refuses those
 * already; this keeps a JSON route from reading one should that check ever be bypassed.
 */
export function jsonContentTypeRefusal(contentType: string | null): string | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || /^application\/[\w.-]+\+json$/.test(type)) return null;
  return `This endpoint takes JSON: send the body with Content-Type: application/json (got ${type ? `"${type}"` : "none"}); nothing was read or written.`;
}
