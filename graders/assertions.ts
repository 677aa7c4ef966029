/**
 * The small assertion language of `assertions` and side-effect `invariants`:
 *
 *   orders[A1001].status == "refunded"
 *   refunds.length <= 1
 *   orders[*].refunded_total <= orders[*].total      (every key of orders; all `*` bind the same key)
 *
 * An operand is a path (identifiers, `.field`, `[key]`, `["quoted key"]`, `[0]`, `[*]`) or a JSON
 * literal (string, number, true, false, null, [array], {object}). Operators: == != < <= > >=. A missing path reads as
 * null. Parsing happens when the suite loads, so a malformed assertion is a validation error.
 */

import { sortedJson } from "@/lib/hash";

type Segment = { key: string } | { wildcard: true };
type Operand = { path: Segment[]; text: string } | { literal: unknown; text: string };
export type Operator = "==" | "!=" | "<" | "<=" | ">" | ">=";

export interface Assertion {
  source: string;
  left: Operand;
  op: Operator;
  right: Operand;
}

export interface AssertionOutcome {
  ok: boolean;
  /** What was compared, for the verdict's reason. */
  detail: string;
  /** The key `*` was bound to when the assertion failed. */
  binding?: string;
}

const OPERATORS: Operator[] = ["==", "!=", "<=", ">=", "<", ">"];

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace() {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
  peek(n = 1) {
    return this.text.slice(this.pos, this.pos + n);
  }
  fail(message: string): never {
    throw new SyntaxError(`${message} at column ${this.pos + 1} of \`${this.text}\``);
  }
}

function readQuoted(c: Cursor): string {
  const quote = c.peek();
  const start = c.pos;
  c.pos++;
  while (c.pos < c.text.length && c.text[c.pos] !== quote) {
    if (c.text[c.pos] === "\\") c.pos++;
    c.pos++;
  }
  if (c.pos >= c.text.length) c.fail("unterminated string");
  c.pos++;
  const raw = c.text.slice(start, c.pos);
  // Single-quoted strings are read as JSON after swapping the quotes.
  const json = quote === "'" ? `"${raw.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : raw;
  try {
    return JSON.parse(json) as string;
  } catch {
    return c.fail("bad string literal");
  }
}

function readPath(c: Cursor): Segment[] {
  const segments: Segment[] = [];
  const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(c.text.slice(c.pos));
  if (!ident) c.fail("expected a path or a literal");
  segments.push({ key: ident[0] });
  c.pos += ident[0].length;
  for (;;) {
    if (c.peek() === ".") {
      c.pos++;
      const next = /^[A-Za-z_][A-Za-z0-9_]*/.exec(c.text.slice(c.pos));
      if (!next) c.fail("expected a field name after '.'");
      segments.push({ key: next[0] });
      c.pos += next[0].length;
    } else if (c.peek() === "[") {
      c.pos++;
      c.skipSpace();
      if (c.peek() === "*") {
        c.pos++;
        segments.push({ wildcard: true });
      } else if (c.peek() === '"' || c.peek() === "'") {
        segments.push({ key: readQuoted(c) });
      } else {
        const bare = /^[A-Za-z0-9_-]+/.exec(c.text.slice(c.pos));
        if (!bare) c.fail("expected a key inside [ ]");
        segments.push({ key: bare[0] });
        c.pos += bare[0].length;
      }
      c.skipSpace();
      if (c.peek() !== "]") c.fail("expected ']'");
      c.pos++;
    } else {
      return segments;
    }
  }
}

/** A JSON array or object literal: scanned to its matching bracket, then parsed as JSON. */
function readJsonLiteral(c: Cursor): Operand {
  const start = c.pos;
  let depth = 0;
  let inString = false;
  for (; c.pos < c.text.length; c.pos++) {
    const ch = c.text[c.pos]!;
    if (inString) {
      if (ch === "\\") c.pos++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") depth++;
    else if ((ch === "]" || ch === "}") && --depth === 0) break;
  }
  if (depth !== 0) c.fail("unterminated JSON literal");
  c.pos++;
  const text = c.text.slice(start, c.pos);
  try {
    return { literal: JSON.parse(text), text };
  } catch {
    return c.fail("bad JSON literal");
  }
}

function readOperand(c: Cursor): Operand {
  c.skipSpace();
  const start = c.pos;
  const ch = c.peek();
  if (ch === '"' || ch === "'") {
    const literal = readQuoted(c);
    return { literal, text: c.text.slice(start, c.pos) };
  }
  if (ch === "[" || ch === "{") return readJsonLiteral(c);
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(c.text.slice(c.pos));
  if (number) {
    c.pos += number[0].length;
    return { literal: Number(number[0]), text: number[0] };
  }
  const word = /^(true|false|null)\b/.exec(c.text.slice(c.pos));
  if (word) {
    c.pos += word[0].length;
    return { literal: JSON.parse(word[0]), text: word[0] };
  }
  const path = readPath(c);
  return { path, text: c.text.slice(start, c.pos) };
}

/** Parses one assertion; throws SyntaxError naming the column. */
export function parseAssertion(source: string): Assertion {
  const c: Cursor = new Cursor(source);
  const left = readOperand(c);
  c.skipSpace();
  const op = OPERATORS.find((o) => c.peek(o.length) === o);
  if (!op) c.fail(`expected one of ${OPERATORS.join(" ")}`);
  c.pos += op.length;
  const right = readOperand(c);
  c.skipSpace();
  if (c.pos < source.length) c.fail("unexpected text");
  if (!("path" in left) && !("path" in right)) throw new SyntaxError(`\`${source}\` compares two literals`);
  return { source, left, op, right };
}

function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    if (key === "length") return value.length;
    return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  }
  if (typeof value === "string") return key === "length" ? value.length : undefined;
  if (value !== null && typeof value === "object" && Object.hasOwn(value, key)) return (value as Record<string, unknown>)[key];
  return undefined;
}

function resolve(root: unknown, path: Segment[], binding: string | undefined): unknown {
  let value = root;
  for (const segment of path) value = child(value, "wildcard" in segment ? (binding ?? "") : segment.key);
  return value;
}

/** The keys `*` ranges over: those of the container before the first wildcard of the first path that has one. */
function wildcardKeys(root: unknown, a: Assertion): string[] | null {
  for (const operand of [a.left, a.right]) {
    if (!("path" in operand)) continue;
    const at = operand.path.findIndex((s) => "wildcard" in s);
    if (at < 0) continue;
    const container = resolve(root, operand.path.slice(0, at), undefined);
    if (Array.isArray(container)) return container.map((_, i) => String(i));
    if (container !== null && typeof container === "object") return Object.keys(container);
    return [];
  }
  return null;
}

const show = (value: unknown) => (value === undefined ? "missing" : JSON.stringify(value));

function deepEqual(a: unknown, b: unknown): boolean {
  return sortedJson(a ?? null) === sortedJson(b ?? null);
}

function compare(op: Operator, a: unknown, b: unknown): boolean {
  if (op === "==") return deepEqual(a, b);
  if (op === "!=") return !deepEqual(a, b);
  if (typeof a !== "number" || typeof b !== "number") return false;
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
}

function operandValue(root: unknown, operand: Operand, binding: string | undefined): unknown {
  return "path" in operand ? resolve(root, operand.path, binding) : operand.literal;
}

/** Evaluates an assertion against a state; with `*`, it must hold for every key. */
export function evaluateAssertion(assertion: Assertion, state: unknown): AssertionOutcome {
  const keys = wildcardKeys(state, assertion);
  for (const binding of keys ?? [undefined]) {
    const a = operandValue(state, assertion.left, binding);
    const b = operandValue(state, assertion.right, binding);
    if (!compare(assertion.op, a, b)) {
      const where = binding === undefined ? "" : ` for * = ${binding}`;
      return { ok: false, binding, detail: `${assertion.source}: ${show(a)} ${assertion.op} ${show(b)} is false${where}` };
    }
  }
  return { ok: true, detail: `${assertion.source} holds${keys ? ` for all ${keys.length} keys` : ""}` };
}
