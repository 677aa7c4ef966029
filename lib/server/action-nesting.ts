/**
 * Server actions' arguments arrive as React's reply format: JSON text (a `text/plain` body) or JSON in
 * the fields of a form body. React revives that JSON recursively, so an argument nested ~20,000 deep
 * overflows the stack inside Next, before any of our code (or sign-in check) runs, and the caller gets
 * a 500. No form of ours sends anything nested more than a few levels: the proxy (proxy.ts) measures
 * the nesting of an action's body first and refuses a deep one with 400.
 */

/** Deeper than this is refused; our own actions' arguments nest a handful of levels. */
export const ACTION_MAX_NESTING = 256;

/**
 * The deepest nesting of `[` and `{` outside JSON strings in `text`, counting no further than just
 * past `limit`. Brackets inside strings (backslash escapes included) do not count; unbalanced text
 * that is not JSON at all is measured the same way, which at worst over-counts a pathological field.
 */
export function nestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return deepest;
}

export function actionNestingRefusal(parts: Iterable<string>, limit = ACTION_MAX_NESTING): string | null {
  for (const part of parts) {
    if (nestingDepth(part, limit) > limit)
      return `The request's arguments are nested deeper than ${limit} levels; nothing was read or written.`;
  }
  return null;
}

/** The text parts of a server action's body React would parse: the whole text, or each form field (files excluded). */
export async function actionBodyTexts(request: Request): Promise<string[]> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const texts: string[] = [];
    for (const [, value] of await request.formData()) if (typeof value === "string") texts.push(value);
    return texts;
  }
  return [await request.text()];
}
