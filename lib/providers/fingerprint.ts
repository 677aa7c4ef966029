/**
 * A provider's response fingerprint: what says which model actually answered. OpenAI-compatible
 * servers send `system_fingerprint` (it changes when the weights or serving stack behind a model
 * name change); otherwise the `model` id the response says it came from (Anthropic, Ollama, vLLM).
 * Null when the body is not JSON or carries neither (a recorded replay answer, for one).
 */
export function responseFingerprint(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { system_fingerprint: fingerprint, model } = body as { system_fingerprint?: unknown; model?: unknown };
  if (typeof fingerprint === "string" && fingerprint.trim()) return fingerprint.trim();
  if (typeof model === "string" && model.trim()) return `model:${model.trim()}`;
  return null;
}

/** The fingerprint most answers carried (ties: the first seen); null when none carried one. */
export function commonFingerprint(raws: readonly (string | null | undefined)[]): string | null {
  const counts = new Map<string, number>();
  for (const raw of raws) {
    const fp = responseFingerprint(raw);
    if (fp) counts.set(fp, (counts.get(fp) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [fp, n] of counts) if (best === null || n > counts.get(best)!) best = fp;
  return best;
}
