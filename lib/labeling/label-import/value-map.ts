/**
 * A value mapping for labels made in another tool: `Positive=pass`, `Yes=pass`, `Negative=fail`.
 * Label Studio choices and Argilla labels are whatever the project's config named them; the mapping
 * says what each means in the queue. A value the mapping names is replaced (exact match first, then
 * ignoring case); one it does not name passes through and is checked against the queue as it is.
 */
export type ValueMap = ReadonlyMap<string, string>;

/** `FROM=TO` pairs (from --map, or the lines of a mapping file); every bad one named. */
export function parseValueMap(pairs: readonly string[], where = "--map"): { map: ValueMap; errors: string[] } {
  const map = new Map<string, string>();
  const errors: string[] = [];
  pairs.forEach((pair, i) => {
    const at = pairs.length > 1 ? `${where} #${i + 1}` : where;
    const eq = pair.lastIndexOf("=");
    const from = eq > 0 ? pair.slice(0, eq).trim() : "";
    const to = eq > 0 ? pair.slice(eq + 1).trim() : "";
    if (!from || !to) return void errors.push(`${at}: "${pair}" is not FROM=TO (e.g. Positive=pass)`);
    if (map.has(from) && map.get(from) !== to)
      return void errors.push(`${at}: "${from}" is mapped twice (to "${map.get(from)}" and "${to}")`);
    map.set(from, to);
  });
  return { map, errors };
}

/**
 * A mapping file: a JSON object {"Positive": "pass", ...}, or lines of FROM=TO (blank lines and
 * lines starting with # ignored).
 */
export function parseValueMapFile(text: string, name: string): { map: ValueMap; errors: string[] } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return { map: new Map(), errors: [`${name}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
    }
    const entries = Object.entries(value as Record<string, unknown>);
    const bad = entries.filter(([, v]) => typeof v !== "string" && typeof v !== "number");
    if (bad.length) return { map: new Map(), errors: bad.map(([k]) => `${name}: "${k}" must map to a text or a number`) };
    return parseValueMap(
      entries.map(([k, v]) => `${k}=${String(v)}`),
      name,
    );
  }
  const lines = text.split("\n").map((l, i) => ({ line: l.trim(), n: i + 1 }));
  const map = new Map<string, string>();
  const errors: string[] = [];
  for (const { line, n } of lines) {
    if (!line || line.startsWith("#")) continue;
    const one = parseValueMap([line], `${name} line ${n}`);
    errors.push(...one.errors);
    for (const [k, v] of one.map) {
      if (map.has(k) && map.get(k) !== v) errors.push(`${name} line ${n}: "${k}" is mapped twice`);
      map.set(k, v);
    }
  }
  return { map, errors };
}

/** Two maps as one; the second wins nothing: a value mapped differently in both is an error. */
export function mergeValueMaps(a: ValueMap, b: ValueMap): { map: ValueMap; errors: string[] } {
  const map = new Map(a);
  const errors: string[] = [];
  for (const [k, v] of b) {
    if (map.has(k) && map.get(k) !== v) errors.push(`"${k}" is mapped to "${map.get(k)}" and to "${v}"`);
    map.set(k, v);
  }
  return { map, errors };
}

export function applyValueMap(map: ValueMap, value: string): string {
  const exact = map.get(value);
  if (exact !== undefined) return exact;
  const lower = value.toLowerCase();
  for (const [k, v] of map) if (k.toLowerCase() === lower) return v;
  return value;
}
