import "server-only";

/**
 * Where a sign-in may send someone afterwards: a path on this site, never another origin. Whatever
 * arrives (a query value, a form field, a cookie, repeated, malformed, `/\evil.example`) gets an
 * answer, never an exception: a bad value falls back to the default instead of a 500.
 */
export function safeLocalPath(value: unknown, fallback = "/runs"): string {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  // `//host` and `/\host` are other origins to a browser; control characters are never a path.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || hasControlCharacter(value)) return fallback;
  try {
    const url = new URL(value, "http://gavel.invalid");
    return url.origin === "http://gavel.invalid" ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** next-auth's redirect callback: same-origin absolute URLs and local paths, else the site's root. */
export function safeRedirect(url: string, baseUrl: string): string {
  try {
    if (url.startsWith("/")) {
      const path = safeLocalPath(url, "");
      return path ? `${baseUrl}${path}` : baseUrl;
    }
    return new URL(url).origin === new URL(baseUrl).origin ? url : baseUrl;
  } catch {
    return baseUrl;
  }
}

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
