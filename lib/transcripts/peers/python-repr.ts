/**
 * Python reprs as some instrumentations log messages (agno writes each message as
 * "role='user' content='…' tool_call_id=None tool_calls=[{'id': …}] …"): a small reader for the
 * literals in them — strings, numbers, None/True/False, lists, dicts, tuples — and for the
 * `name=value` fields of such a repr. Anything else is a string it cannot read: null. Pure.
 */
type Py = string | number | boolean | null | Py[] | { [key: string]: Py };

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "0": "\0",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

class Reader {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}

  private space() {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  string(): string | null {
    const quote = this.text[this.at];
    if (quote !== "'" && quote !== '"') return null;
    let out = "";
    let i = this.at + 1;
    while (i < this.text.length) {
      const c = this.text[i]!;
      if (c === quote) {
        this.at = i + 1;
        return out;
      }
      if (c === "\\") {
        const next = this.text[i + 1] ?? "";
        if (next === "u" || next === "x" || next === "U") {
          const len = next === "x" ? 2 : next === "u" ? 4 : 8;
          const hex = this.text.slice(i + 2, i + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) return null;
          out += String.fromCodePoint(parseInt(hex, 16));
          i += 2 + len;
          continue;
        }
        out += ESCAPES[next] ?? `\\${next}`;
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
    return null;
  }

  value(depth = 0): Py | undefined {
    if (depth > 32) return undefined;
    this.space();
    const c = this.text[this.at];
    if (c === "'" || c === '"') return this.string() ?? undefined;
    if (c === "[" || c === "(") return this.list(c === "[" ? "]" : ")", depth);
    if (c === "{") return this.dict(depth);
    const word = /^(None|True|False|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/.exec(this.text.slice(this.at));
    if (!word) return undefined;
    this.at += word[0].length;
    return word[0] === "None" ? null : word[0] === "True" ? true : word[0] === "False" ? false : Number(word[0]);
  }

  private list(close: string, depth: number): Py[] | undefined {
    this.at++;
    const out: Py[] = [];
    for (;;) {
      this.space();
      if (this.text[this.at] === close) return (this.at++, out);
      const v = this.value(depth + 1);
      if (v === undefined) return undefined;
      out.push(v);
      this.space();
      if (this.text[this.at] === ",") this.at++;
      else if (this.text[this.at] !== close) return undefined;
    }
  }

  private dict(depth: number): { [key: string]: Py } | undefined {
    this.at++;
    const out: { [key: string]: Py } = {};
    for (;;) {
      this.space();
      if (this.text[this.at] === "}") return (this.at++, out);
      const key = this.value(depth + 1);
      this.space();
      if (key === undefined || this.text[this.at] !== ":") return undefined;
      this.at++;
      const v = this.value(depth + 1);
      if (v === undefined) return undefined;
      out[String(key)] = v;
      this.space();
      if (this.text[this.at] === ",") this.at++;
      else if (this.text[this.at] !== "}") return undefined;
    }
  }
}

/** A field of a repr: `field=<literal>` at the top level of "a=1 b='x'" or "Message(a=1, b='x')". */
export function reprField(text: string, field: string): Py | undefined {
  const pattern = new RegExp(`(?:^|[\\s(,])${field}=`, "g");
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const reader = new Reader(text, match.index + match[0].length);
    const value = reader.value();
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Whether a string is a message repr as agno logs it ("role='user' content=…"). */
export const isMessageRepr = (text: string) => /^\s*(?:Message\()?role='(system|developer|user|assistant|tool)'\s/.test(text);

/**
 * A message repr as an OpenAI-style message object ({role, content, tool_call_id, tool_calls}), or
 * null when its fields cannot be read.
 */
export function messageFromRepr(text: string): Record<string, unknown> | null {
  const role = reprField(text, "role");
  if (typeof role !== "string") return null;
  const content = reprField(text, "content");
  if (content === undefined) return null;
  const toolCallId = reprField(text, "tool_call_id");
  const toolCalls = reprField(text, "tool_calls");
  const error = reprField(text, "tool_call_error");
  return {
    role,
    ...(content !== null ? { content: typeof content === "string" ? content : JSON.stringify(content) } : {}),
    ...(typeof toolCallId === "string" ? { tool_call_id: toolCallId } : {}),
    ...(Array.isArray(toolCalls) ? { tool_calls: toolCalls } : {}),
    ...(error === true ? { error: { message: typeof content === "string" ? content : "the tool failed" } } : {}),
  };
}

/** A whole string as one Python literal, or undefined when it is not one. */
export function pyLiteral(text: string): unknown {
  const reader = new Reader(text.trim());
  const value = reader.value();
  return value !== undefined && reader.at === text.trim().length ? value : undefined;
}
