/** A value quoted for a verdict's reason, cut short so a long output never floods a report. */
export function quote(value: unknown, max = 120): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const short = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(short);
}
