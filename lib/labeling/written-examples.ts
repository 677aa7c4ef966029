/**
 * Worked examples written by hand on the new-queue form, before any item has gold (a new team's first
 * batch has none): blocks separated by a line of `---`, each with its expected label, the task, the
 * output, the tool calls the agent made (one `tool:` line each: a name, then its arguments) and why.
 *
 *     expected: fail
 *     task: Refund order 7.
 *     output: I refunded order 7.
 *     tool: issue_refund {"order": 7}
 *     tool: issue_refund {"order": 7}
 *     why: A second refund for the same order.
 *
 * A line without a known key continues the field above it, so a field may span lines. Every problem is
 * named by its example and line; nothing is guessed.
 */
export interface WrittenExample {
  expectedValue: string;
  taskPrompt: string;
  output: string;
  toolCalls: { name: string; arguments: string }[];
  explanation: string;
}

const KEYS = ["expected", "task", "output", "tool", "why"] as const;
type Key = (typeof KEYS)[number];
const MAX_EXAMPLES = 20;
const MAX_FIELD = 5_000;

export function parseWrittenExamples(
  text: string,
  allowedValues: readonly string[],
): { ok: true; examples: WrittenExample[] } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const examples: WrittenExample[] = [];
  const blocks: { start: number; lines: string[] }[] = [];
  let current: { start: number; lines: string[] } | null = null;
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*-{3,}\s*$/.test(line)) {
      current = null;
      return;
    }
    if (!current) {
      if (line.trim() === "") return;
      current = { start: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  if (blocks.length > MAX_EXAMPLES) return { ok: false, errors: [`At most ${MAX_EXAMPLES} examples on the form.`] };
  blocks.forEach((block, n) => {
    const where = `Example ${n + 1} (line ${block.start})`;
    const fields: Partial<Record<Key, string[]>> = {};
    let last: Key | null = null;
    const tools: string[] = [];
    block.lines.forEach((line, j) => {
      const match = /^\s*([A-Za-z]+)\s*:\s?(.*)$/.exec(line);
      const key = match ? (match[1]!.toLowerCase() as Key) : null;
      if (key && (KEYS as readonly string[]).includes(key)) {
        if (key === "tool") tools.push(match![2]!.trim());
        else if (fields[key]) errors.push(`${where}, line ${block.start + j}: "${key}:" is given twice.`);
        else fields[key] = [match![2]!];
        last = key;
      } else if (last && last !== "tool") {
        fields[last]!.push(line);
      } else if (line.trim() !== "") {
        errors.push(`${where}, line ${block.start + j}: start the line with one of ${KEYS.map((k) => `${k}:`).join(", ")}.`);
      }
    });
    const value = (key: Key) => (fields[key] ?? []).join("\n").trim();
    const expected = value("expected");
    if (!expected) errors.push(`${where}: give the expected label ("expected: ${allowedValues[0] ?? "pass"}").`);
    else if (!allowedValues.includes(expected))
      errors.push(`${where}: "${expected.slice(0, 40)}" is not a label of this queue; use one of ${allowedValues.join(", ")}.`);
    if (!value("task")) errors.push(`${where}: write the task ("task: …").`);
    if (!value("output") && tools.length === 0) errors.push(`${where}: write the output ("output: …") or the tool calls ("tool: …").`);
    if (!value("why")) errors.push(`${where}: say why it gets its label ("why: …").`);
    for (const key of ["task", "output", "why"] as const)
      if (value(key).length > MAX_FIELD) errors.push(`${where}: keep "${key}" under ${MAX_FIELD.toLocaleString("en")} characters.`);
    const toolCalls = tools.map((t) => {
      const [name = "", ...rest] = t.split(/\s+/);
      return { name, arguments: rest.join(" ") };
    });
    toolCalls.forEach((c) => {
      if (!/^[A-Za-z_][\w.-]{0,99}$/.test(c.name))
        errors.push(`${where}: a tool line starts with the tool's name ("tool: issue_refund {…}").`);
    });
    examples.push({ expectedValue: expected, taskPrompt: value("task"), output: value("output"), toolCalls, explanation: value("why") });
  });
  return errors.length ? { ok: false, errors } : { ok: true, examples };
}
