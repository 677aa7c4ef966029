import { NextResponse, type NextRequest } from "next/server";
import { actionBodyTexts, actionNestingRefusal } from "./lib/server/action-nesting";
import { crossSiteRefusal, lengthRequiredRefusal, maxUploadBytes, sizeRefusal } from "./lib/server/request-guard";

/**
 * Runs before every page and route. First it refuses what no page should see: a cross-site
 * state-changing request to /api/* or a server action (403), and a body larger than
 * GAVEL_MAX_UPLOAD_MB by its declared length (413, rather than a truncated body), and a server action
 * whose arguments nest too deep for Next to parse (400, lib/server/action-nesting.ts). Then it passes the requested path on (so a sign-in redirect can
 * return the visitor there) and sets a nonce-based Content Security Policy. Transcripts are
 * untrusted agent output; even if something slipped past React's escaping, no inline script
 * without the nonce runs and no request leaves for another origin.
 */
export async function proxy(request: NextRequest) {
  const crossSite = crossSiteRefusal(request, process.env.NEXTAUTH_URL ? [process.env.NEXTAUTH_URL] : []);
  if (crossSite) return NextResponse.json({ error: crossSite }, { status: 403 });
  const tooLarge = sizeRefusal(request, maxUploadBytes());
  if (tooLarge) return NextResponse.json({ error: tooLarge }, { status: 413, headers: { connection: "close" } });
  const noLength = lengthRequiredRefusal(request);
  if (noLength) return NextResponse.json({ error: noLength }, { status: 411, headers: { connection: "close" } });
  if (request.method === "POST" && request.headers.has("next-action")) {
    // Next revives an action's arguments recursively before any check of ours: a deep one is refused here (400, not a stack overflow).
    const deep = actionNestingRefusal(await actionBodyTexts(request).catch(() => []));
    if (deep) return NextResponse.json({ error: deep }, { status: 400 });
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const dev = process.env.NODE_ENV !== "production";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-gavel-path", request.nextUrl.pathname + request.nextUrl.search);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "same-origin");
  response.headers.set("x-frame-options", "DENY");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
