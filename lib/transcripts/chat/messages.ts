import { canonicalJson } from "../../hash";

/**
 * Chat messages in every shape the instrumentations write, read into one: OpenTelemetry GenAI
 * parts ({role, parts: [{type: text | tool_call | tool_call_response}]}), OpenAI-style messages
 * ({role, content, tool_calls, tool_call_id}, also the older event bodies {content, tool_calls, id}),
 * the Vercel AI SDK's content parts (tool-call / tool-result), Anthropic content blocks
 * (tool_use / tool_result) and pydantic-ai's event bodies. Pure.
 */

export type Role = "system" | "user" | "assistant" | "tool";

export interface Call {
  id?: string;
  name: string;
  arguments?: unknown;
  result?: unknown;
  error?: string;
}

export interface Msg {
  role: Role;
  content?: string;
  name?: string;
  toolCalls?: Call[];
}

/** A tool result carried by a message; without an id it answers the oldest unanswered call. */
export interface Response {
  id?: string;
  result?: unknown;
  error?: string;
}

export interface ReadMessage {
  message: Msg;
  responses: Response[];
  /** Identity of the message as the model saw it (before results were merged in). */
  key: string;
}

/**
 * Roles as the providers name them. OpenAI's `developer` is its system role; an unknown role (a
 * second agent, a critic) is another speaker's turn: kept as an assistant message with that name.
 */
const ROLE_ALIASES: Record<string, Role> = {
  system: "system",
  developer: "system",
  instruction: "system",
  user: "user",
  human: "user",
  assistant: "assistant",
  model: "assistant",
  ai: "assistant",
  bot: "assistant",
  tool: "tool",
  function: "tool",
  ipython: "tool",
};

export function normaliseRole(role: string): { role: Role; name?: string } {
  const known = ROLE_ALIASES[role.toLowerCase()];
  return known ? { role: known } : { role: "assistant", name: role };
}

/** Tool arguments and results arrive as JSON text or as values; keep the value. */
export function jsonish(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!/^[[{"]/.test(text)) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

/** The text of a content value: a string, or the text parts of a list of parts. */
export function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === "string") texts.push(part);
    else if (isObj(part)) {
      const type = part.type ?? part.kind;
      if (type !== undefined && !["text", "input_text", "output_text", "reasoning", "thinking"].includes(String(type))) continue;
      const text = part.text ?? part.content ?? part.thinking;
      if (typeof text === "string") texts.push(text);
    }
  }
  return texts.length ? texts.join("\n") : undefined;
}

/** A Vercel AI SDK tool-result output ({type: json | text | error-text | error-json, value}) or a bare result. */
function vercelOutput(part: Obj): Response {
  const output = part.output;
  if (isObj(output) && typeof output.type === "string" && "value" in output) {
    if (output.type.startsWith("error")) return { error: typeof output.value === "string" ? output.value : JSON.stringify(output.value) };
    return { result: jsonish(output.value) };
  }
  return { result: jsonish(output ?? part.result ?? null) };
}

function readPart(part: Obj, i: number, texts: string[], calls: Call[], responses: Response[]): string | null {
  const type = String(part.type ?? part.kind ?? "");
  switch (type) {
    case "text":
    case "input_text":
    case "output_text":
    case "reasoning":
    case "thinking": {
      const text = part.content ?? part.text ?? part.thinking;
      if (typeof text === "string") texts.push(text);
      return null;
    }
    case "tool_call":
    case "tool-call":
    case "tool_use":
    case "function_call": {
      const name = str(part.name) ?? str(part.toolName);
      if (!name) return `parts[${i}].name: a ${type} part needs a name`;
      // The Responses API pairs a call with its output by call_id; its id is the item's own.
      const id = str(part.call_id) ?? str(part.id) ?? str(part.toolCallId);
      const args = part.arguments ?? part.input ?? part.args;
      calls.push({ ...(id ? { id: id.trim() } : {}), name, ...(args !== undefined && args !== null ? { arguments: jsonish(args) } : {}) });
      return null;
    }
    case "tool_call_response":
    case "function_call_output": {
      const id = str(part.call_id) ?? str(part.id);
      responses.push({ ...(id ? { id: id.trim() } : {}), result: jsonish(part.response ?? part.result ?? part.output ?? null) });
      return null;
    }
    case "tool-result":
      responses.push({ ...(str(part.toolCallId) ? { id: str(part.toolCallId) } : {}), ...vercelOutput(part) });
      return null;
    case "tool_result": {
      const content = textOf(part.content) ?? part.content;
      const id = str(part.tool_use_id);
      responses.push(
        part.is_error === true
          ? { ...(id ? { id } : {}), error: typeof content === "string" ? content : JSON.stringify(content) }
          : { ...(id ? { id } : {}), result: jsonish(content ?? null) },
      );
      return null;
    }
    default: {
      // Images, audio, files: a visible placeholder, never silently dropped.
      const placeholder = partPlaceholder(part);
      if (placeholder) texts.push(placeholder);
      return null;
    }
  }
}

/** Bytes in base64 text (a data: URL's payload or a bare base64 string). */
function base64Bytes(data: string): number {
  const payload = data.startsWith("data:") ? data.slice(data.indexOf(",") + 1) : data;
  const clean = payload.replace(/\s/g, "");
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0);
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A non-text content part as one line a reviewer sees ("[image: image/png, 12 KB]", "[file:
 * https://…/report.pdf]"), or null for a part with no content. Reads OpenTelemetry GenAI parts
 * (blob / uri / file with modality and mime_type), OpenAI (image_url, input_audio, file), Anthropic
 * (image / document with source) and the Vercel AI SDK (image / file with mediaType).
 */
export function partPlaceholder(part: Record<string, unknown>): string | null {
  const type = String(part.type ?? part.kind ?? "");
  if (type === "refusal" && typeof part.refusal === "string") return `[refusal: ${part.refusal}]`;
  const source = isObj(part.source) ? part.source : {};
  const imageUrl = isObj(part.image_url) ? part.image_url.url : part.image_url;
  const nested = isObj(part.image) ? (isObj(part.image.image) ? part.image.image : part.image) : {};
  const kind =
    str(part.modality) ??
    (/image/.test(type) ? "image" : /audio/.test(type) ? "audio" : type === "blob" || type === "uri" ? "file" : type || "part");
  const data = [part.content, part.data, source.data, imageUrl, nested.url, part.image, part.uri, part.url, source.url, part.file_uri].find(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
  const mime =
    str(part.mime_type) ?? str(part.mediaType) ?? str(part.media_type) ?? str(source.media_type) ?? str(data?.match(/^data:([^;,]+)/)?.[1]);
  const details: string[] = [];
  if (mime) details.push(mime);
  if (data && (data.startsWith("data:") || !/^[a-z]+:\/\//i.test(data))) details.push(sizeText(base64Bytes(data)));
  else if (data) details.push(data);
  return `[${kind}${details.length ? `: ${details.join(", ")}` : ""}]`;
}

function readToolCalls(list: unknown[], calls: Call[]): string | null {
  for (const [i, tc] of list.entries()) {
    const t = isObj(tc) ? tc : {};
    const fn = isObj(t.function) ? t.function : {};
    // Inspect AI's ToolCall names its function with a string: {id, function: "get_order", arguments}.
    const name = str(fn.name) ?? str(t.function) ?? str(t.name) ?? str(t.toolName);
    if (!name) return `tool_calls[${i}]: a tool call needs a name`;
    const id = str(t.id) ?? str(t.toolCallId);
    const args = fn.arguments ?? t.arguments ?? t.input ?? t.args;
    calls.push({ ...(id ? { id } : {}), name, ...(args !== undefined && args !== null ? { arguments: jsonish(args) } : {}) });
  }
  return null;
}

/** One message in any of the shapes above; a string is what is wrong with it. */
export function readMessage(raw: unknown, defaultRole: Role): ReadMessage | string {
  if (!isObj(raw)) return "a message must be an object";
  const m = raw;
  const rawRole = m.role === undefined || m.role === null ? defaultRole : m.role;
  if (typeof rawRole !== "string" || !rawRole) return `role must be text (got ${JSON.stringify(rawRole)})`;
  const { role, name: speaker } = normaliseRole(rawRole);
  const texts: string[] = [];
  const calls: Call[] = [];
  const responses: Response[] = [];
  const parts = Array.isArray(m.parts)
    ? m.parts
    : Array.isArray(m.content) && m.content.some((p) => isObj(p) && typeof (p.type ?? p.kind) === "string")
      ? m.content
      : null;
  if (parts) {
    for (const [i, part] of parts.entries()) {
      if (typeof part === "string") {
        texts.push(part);
        continue;
      }
      if (!isObj(part)) return `parts[${i}] must be an object`;
      const problem = readPart(part, i, texts, calls, responses);
      if (problem) return problem;
    }
  } else if (role === "tool") {
    // A tool message's content is the result, whatever its type (pydantic-ai sends objects).
    const id = str(m.tool_call_id) ?? str(m.id) ?? str(m.toolCallId);
    const content =
      m.content === undefined || m.content === null || m.content === ""
        ? undefined
        : typeof m.content === "string"
          ? jsonish(m.content)
          : (textOf(m.content) ?? m.content);
    // Inspect AI's tool message: {tool_call_id, function, content, error: {type, message}}.
    const error = isObj(m.error) && typeof m.error.message === "string" ? m.error.message : undefined;
    responses.push({ ...(id ? { id } : {}), ...(content !== undefined ? { result: content } : {}), ...(error ? { error } : {}) });
  } else {
    const text = textOf(m.content);
    if (text !== undefined) texts.push(text);
  }
  if (Array.isArray(m.tool_calls)) {
    const problem = readToolCalls(m.tool_calls, calls);
    if (problem) return problem;
  }
  const message: Msg = { role };
  const text = texts.join("\n");
  if (text) message.content = text;
  const name = str(m.name) ?? (role === "tool" ? str(m.function) : undefined) ?? speaker;
  if (name && role !== "tool") message.name = name;
  else if (name && role === "tool" && !responses.length) message.name = name;
  if (calls.length) message.toolCalls = calls;
  const key = canonicalJson({
    role,
    name: message.name ?? null,
    content: message.content ?? null,
    calls: calls.map((c) => [c.id ?? null, c.name, c.arguments ?? null]),
    responses: responses.map((r) => [r.id ?? null, r.id ? null : (r.result ?? r.error ?? null)]),
  });
  return { message, responses, key };
}

/** A list of messages given as JSON text or as a value; errors are "attribute X: ...". */
export function readMessageList(value: unknown, attribute: string, defaultRole: Role): ReadMessage[] | string {
  let list = value;
  // JSON text as the conventions ask; plain text (instrumentations write system instructions and
  // prompts that way too) is one message.
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    try {
      list = JSON.parse(value);
    } catch (error) {
      return `attribute ${attribute}: not valid JSON (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  // gen_ai.system_instructions is a list of parts, not of messages.
  if (Array.isArray(list) && list.length && list.every((p) => isObj(p) && "type" in p && !("role" in p)))
    list = [{ role: defaultRole, parts: list }];
  if (typeof list === "string") list = [{ role: defaultRole, content: list }];
  if (isObj(list)) list = [list];
  if (!Array.isArray(list)) return `attribute ${attribute}: expected a JSON list of messages`;
  const out: ReadMessage[] = [];
  for (const [i, raw] of list.entries()) {
    const read = readMessage(raw, defaultRole);
    if (typeof read === "string") return `attribute ${attribute}: [${i}]: ${read}`;
    out.push(read);
  }
  return out;
}

/**
 * Flattened list attributes back into objects: `prefix.0.role`, `prefix.0.tool_calls.1.name`, ...
 * → [{role, tool_calls: [, {name}]}]. Returns null when no attribute has the prefix.
 */
export function unflatten(attrs: Map<string, unknown>, prefix: string): Obj[] | null {
  const root: Obj[] = [];
  let found = false;
  const head = `${prefix}.`;
  for (const [key, value] of attrs) {
    if (!key.startsWith(head)) continue;
    const path = key.slice(head.length).split(".");
    if (!/^\d+$/.test(path[0]!)) continue;
    found = true;
    let node: unknown = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const index = /^\d+$/.test(part) ? Number(part) : null;
      const container = node as Obj | unknown[];
      const slot = index !== null && Array.isArray(container) ? index : part;
      if (last) {
        (container as Record<string | number, unknown>)[slot] = value;
      } else {
        const existing = (container as Record<string | number, unknown>)[slot];
        const nextIsIndex = /^\d+$/.test(path[i + 1]!);
        if (existing === undefined || typeof existing !== "object" || existing === null)
          (container as Record<string | number, unknown>)[slot] = nextIsIndex ? [] : {};
        node = (container as Record<string | number, unknown>)[slot];
      }
    }
  }
  if (!found) return null;
  return root.filter((row): row is Obj => isObj(row));
}
