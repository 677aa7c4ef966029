/**
 * What `npm start` requests once the server answers (scripts/start.ts), so that no person meets a page's cold first
 * request. Next loads each route's bundle when the server starts, but runs a page's modules (the page, lib/db, the
 * zod schemas, the auth options) only on the page's first request: 100–450 ms on this project's 2-core machine
 * (README, "Pages"). A request without a session is enough for that: a workbench page's modules run before its
 * layout sends the visitor to /login (a 307), and nothing is read or written. Each page is asked once, one at a time.
 */

/** The segment put in a dynamic route's place: no run, judge or label set has this id; the visitor is redirected first. */
export const WARM_UP_SEGMENT = "warm-up";

/** Next's own routes, not pages of Gavel's. */
const INTERNAL = new Set(["/_global-error", "/_not-found"]);

/**
 * The paths to request, from the build's `.next/app-path-routes-manifest.json` (route file → path): every page, its
 * dynamic segments filled, and the sign-in route (a person's first request after the start is often a sign-in).
 */
export function warmUpPaths(manifest: Record<string, string>): string[] {
  const pages = Object.entries(manifest)
    .filter(([file, route]) => file.endsWith("/page") && !INTERNAL.has(route))
    .map(([, route]) =>
      route
        .replace(/\/\[\[\.\.\.[^\]]+\]\]/g, "")
        .replace(/\[(?:\.\.\.)?[^\]]+\]/g, WARM_UP_SEGMENT)
        .replace(/^$/, "/"),
    );
  return ["/api/auth/session", ...[...new Set(pages)].sort()];
}
