/**
 * The line on which each element of a top-level JSON array starts, so a problem in the third task
 * of a pretty-printed export is reported as "line 41", not "element 3". A small scanner over the
 * text that JSON.parse already accepted: strings (with escapes) are skipped, depth is counted.
 */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === " " || c === "\n" || c === "\r" || c === "\t") continue;
    if (depth === 1 && expectElement && c !== "]") {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1 && c === "[") expectElement = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectElement = true;
  }
  return lines;
}
