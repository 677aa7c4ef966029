import { isMessageRepr, messageFromRepr, pyLiteral } from "./python-repr";

/**
 * Langfuse stores an observation's input and output as the instrumentation handed them over: chat
 * messages, but also a framework's own objects (LangChain messages, Gemini/ADK contents, an OpenAI
 * Responses API object, a chat.completion, LlamaIndex's {args}, agno's Python reprs) and, on the
 * trace, the same JSON once more as a quoted string. These functions turn such a value into plain
 * OpenAI-style message objects for readMessage, and say what they left out (tool definitions, the
 * Responses API object's other fields) so it lands in the transcript's metadata. Pure.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

export interface Unwrapped {
  messages: Obj[];
  /** Tool definitions found where messages were expected (LangChain sends them as tool messages). */
  tools: unknown[];
  /** Fields of a provider response object that are not the conversation (model, usage, ids). */
  extra: Obj | null;
  /** System instructions a response object carries (the Responses API's `instructions`): part of what was sent. */
  system: Obj[];
}

/** A JSON-quoted string ("\"hi\"", "{\"messages\": …}") as the value inside, up to three levels deep. */
export function unquote(value: unknown): unknown {
  let v = value;
  for (let i = 0; i < 3 && typeof v === "string"; i++) {
    const t = v.trim();
    if (!/^["[{]/.test(t)) break;
    try {
      v = JSON.parse(t);
    } catch {
      break;
    }
  }
  return v;
}

const ROLE_LINE = /^(system|developer|user|assistant|tool): /;

/** "system: …\nuser: …" (how some instrumentations flatten a chat): one message per role prefix. */
function roleLines(text: string): Obj[] | null {
  if (!ROLE_LINE.test(text)) return null;
  const out: Obj[] = [];
  for (const line of text.split("\n")) {
    const m = ROLE_LINE.exec(line);
    if (m) out.push({ role: m[1], content: line.slice(m[0].length) });
    else out[out.length - 1]!.content += `\n${line}`;
  }
  return out;
}

const LANGCHAIN_ROLES: Record<string, string> = {
  human: "user",
  ai: "assistant",
  AIMessageChunk: "assistant",
  system: "system",
  tool: "tool",
};

/** An OpenAI-style tool call list from LangChain's {name, args, id} or OpenAI's {function: {name, arguments}}. */
function toolCallsOf(m: Obj): unknown[] | undefined {
  const own = Array.isArray(m.tool_calls) && m.tool_calls.length ? m.tool_calls : undefined;
  const kwargs = isObj(m.additional_kwargs) && Array.isArray(m.additional_kwargs.tool_calls) ? m.additional_kwargs.tool_calls : undefined;
  return own ?? (kwargs?.length ? kwargs : undefined);
}

const isToolCallObject = (p: unknown) =>
  isObj(p) && isObj(p.function) && typeof (p.function as Obj).name === "string" && !("description" in (p.function as Obj));
const isToolDefinition = (c: unknown) => isObj(c) && c.type === "function" && isObj(c.function) && "parameters" in (c.function as Obj);

/**
 * Microsoft Agent Framework gives a call's id as [run id, call id] (and, once the trace's output is
 * JSON text, as that list's JSON): the call id is the last.
 */
function callId(id: unknown): unknown {
  const list = Array.isArray(id) ? id : typeof id === "string" && id.startsWith("[") ? unquote(id) : id;
  return Array.isArray(list) && list.length && list.every((x) => typeof x === "string") ? list.at(-1) : id;
}

/** Gemini parts ({text}, {function_call}, {function_response}) as GenAI parts readMessage knows. */
function geminiParts(parts: unknown[]): unknown[] {
  return parts.map((p) => {
    if (isObj(p) && "type" in p) return { ...p, ...(p.id !== undefined ? { id: callId(p.id) } : {}) };
    if (!isObj(p)) return p;
    const call = (p.function_call ?? p.functionCall) as Obj | undefined;
    const response = (p.function_response ?? p.functionResponse) as Obj | undefined;
    if (isObj(call)) return { type: "tool_call", ...(call.id ? { id: call.id } : {}), name: call.name, arguments: call.args ?? {} };
    if (isObj(response)) return { type: "tool_call_response", ...(response.id ? { id: response.id } : {}), response: response.response };
    if (typeof p.text === "string") return { type: p.thought ? "reasoning" : "text", content: p.text };
    return { type: Object.keys(p)[0] ?? "unknown" };
  });
}

/** The fields of a message-like object that message() reads. */
const MESSAGE_READS = ["role", "type", "content", "parts", "text", "tool_calls", "additional_kwargs", "tool_call_id", "name", "error"];

/** One message-like object as an OpenAI-style message, or null when it is a tool definition. */
function message(m: Obj, role: string, out: Unwrapped): Obj | null {
  // Responses API input items: a function call and its output are items of their own.
  if (m.type === "function_call" && typeof m.name === "string")
    return { role: "assistant", tool_calls: [{ id: m.call_id ?? m.id, function: { name: m.name, arguments: m.arguments } }] };
  if (m.type === "function_call_output") return { role: "tool", tool_call_id: m.call_id, content: m.output };
  if (m.type === "message" && Array.isArray(m.content)) return { role: m.role ?? role, content: m.content };
  const r = typeof m.role === "string" ? m.role : typeof m.type === "string" && LANGCHAIN_ROLES[m.type] ? LANGCHAIN_ROLES[m.type]! : role;
  if (r === "tool" && isToolDefinition(m.content)) {
    out.tools.push(m.content);
    return null;
  }
  const result: Obj = { role: r };
  if (Array.isArray(m.parts)) result.parts = geminiParts(m.parts);
  else if (Array.isArray(m.content) && m.content.length && m.content.every(isToolCallObject)) {
    // koog logs the model's tool calls as the content of a message (sometimes with role "tool").
    result.role = "assistant";
    result.tool_calls = m.content;
  } else if (m.content !== undefined) result.content = m.content;
  else if (typeof m.text === "string") result.content = m.text;
  const calls = toolCallsOf(m);
  if (calls) result.tool_calls = [...((result.tool_calls as unknown[]) ?? []), ...calls];
  for (const key of ["tool_call_id", "name", "error"]) if (m[key] !== undefined && m[key] !== null) result[key] = m[key];
  return result;
}

/** The text of a Responses API object's output, and its function calls, as one assistant message. */
function responsesOutput(value: Obj, out: Unwrapped): Obj[] {
  const { output, ...rest } = value;
  out.extra = { ...(out.extra ?? {}), ...rest };
  const messages: Obj[] = [];
  // The request's instructions are the system prompt the model was given.
  if (typeof value.instructions === "string" && value.instructions) out.system.push({ role: "system", content: value.instructions });
  for (const item of output as unknown[]) {
    if (!isObj(item)) continue;
    const m = message(item, "assistant", out);
    if (m) messages.push(m);
  }
  return messages;
}

/** What a choices / candidates list holds beside its first entry's `read` field, as {[key]: [...]}. */
function besideFirst(list: unknown[], read: string): Obj {
  const [first, ...others] = list;
  const own = isObj(first) ? Object.fromEntries(Object.entries(first).filter(([k]) => k !== read)) : {};
  return Object.keys(own).length || others.length ? { [read === "message" ? "choices" : "candidates"]: [own, ...others] } : {};
}

/**
 * A Langfuse input or output value as messages (`role` for plain text: user for inputs, assistant
 * for outputs). Never fails: a value it does not know is one message with its JSON as text.
 */
export function unwrap(raw: unknown, role: "user" | "assistant"): Unwrapped {
  const out: Unwrapped = { messages: [], tools: [], extra: null, system: [] };
  const push = (m: Obj | null) => m && out.messages.push(m);
  // Whatever an object carries beside what this branch reads (ADK's finish_reason and
  // usage_metadata, a request's model and config, LangChain's response_metadata) is kept.
  const keep = (v: Obj, ...read: string[]) => {
    const rest = Object.fromEntries(Object.entries(v).filter(([k, x]) => !read.includes(k) && x !== null && x !== undefined));
    if (Object.keys(rest).length) out.extra = { ...(out.extra ?? {}), ...rest };
  };
  const visit = (value: unknown, depth: number): void => {
    if (value === undefined || value === null) return;
    if (depth > 6) return void push({ role, content: JSON.stringify(value) });
    if (typeof value === "string") {
      const inner = unquote(value);
      if (inner !== value) return visit(inner, depth + 1);
      if (isMessageRepr(value)) return void push(messageFromRepr(value) ?? { role, content: value });
      // A Python dict's repr ("{'role': 'assistant', 'text': …}", as beeai logs its answer).
      const dict = /^\s*\{'/.test(value) ? pyLiteral(value) : undefined;
      if (isObj(dict) && ("role" in dict || "content" in dict || "text" in dict)) return visit(dict, depth + 1);
      const lines = roleLines(value);
      if (lines) return void lines.forEach((m) => push(message(m, role, out)));
      return void push({ role, content: value });
    }
    if (typeof value !== "object") return void push({ role, content: String(value) });
    if (Array.isArray(value)) {
      for (const v of value) {
        if (typeof v === "string" && isMessageRepr(v)) push(messageFromRepr(v) ?? { role, content: v });
        else if (isObj(v) && ("role" in v || "type" in v || "parts" in v)) push(message(v, role, out));
        else visit(v, depth + 1);
      }
      return;
    }
    const v = value as Obj;
    if (Array.isArray(v.messages)) {
      keep(v, "messages");
      return visit(v.messages, depth + 1);
    }
    if (v.object === "response" && Array.isArray(v.output)) return void responsesOutput(v, out).forEach(push);
    // The first choice's message (candidate's content) is the answer; its finish reason, safety
    // ratings and the other choices are kept.
    if (Array.isArray(v.choices)) {
      const { choices, ...rest } = v;
      out.extra = { ...(out.extra ?? {}), ...rest, ...besideFirst(choices, "message") };
      return visit((choices[0] as Obj | undefined)?.message, depth + 1);
    }
    if (Array.isArray(v.candidates)) {
      const { candidates, ...rest } = v;
      out.extra = { ...(out.extra ?? {}), ...rest, ...besideFirst(candidates, "content") };
      return visit((candidates[0] as Obj | undefined)?.content, depth + 1);
    }
    // Gemini / ADK requests: {model, config: {system_instruction}, contents}; ADK's invocation {new_message}.
    if ("contents" in v) {
      const system = isObj(v.config) ? v.config.system_instruction : undefined;
      if (typeof system === "string") push({ role: "system", content: system });
      if (isObj(v.config) && Array.isArray(v.config.tools)) out.tools.push(...v.config.tools);
      const config = isObj(v.config)
        ? Object.fromEntries(
            Object.entries(v.config).filter(([k]) => k !== "tools" && !(k === "system_instruction" && typeof system === "string")),
          )
        : v.config;
      keep({ ...v, config: isObj(config) && !Object.keys(config).length ? null : config }, "contents");
      return visit(v.contents, depth + 1);
    }
    if (isObj(v.new_message)) {
      keep(v, "new_message");
      return visit(v.new_message, depth + 1);
    }
    // agno's Agent.run input: {run_response: "RunResponse(…)", run_messages: "RunMessages(messages=[Message(…), …])"}.
    if (typeof v.run_messages === "string") {
      keep(v, "run_messages");
      // Only the list: system_message= and user_message= repeat two of its messages.
      const parts = v.run_messages.split(/(?=Message\(role=)/);
      parts.forEach((part, i) => {
        if (!part.startsWith("Message(") || /(system|user)_message=$/.test(parts[i - 1]?.trimEnd() ?? "")) return;
        push(messageFromRepr(part) ?? { role, content: part });
      });
      return;
    }
    // ADK's event / LlmResponse: {content: {parts, role}, …}.
    if (isObj(v.content) && Array.isArray(v.content.parts)) {
      keep(v, "content");
      return visit(v.content, depth + 1);
    }
    // A function's arguments as @observe records them: {args: ["the prompt"], kwargs: {}}.
    if (
      Array.isArray(v.args) &&
      (!isObj(v.kwargs) || !Object.keys(v.kwargs).length) &&
      v.args.length === 1 &&
      typeof v.args[0] === "string"
    ) {
      keep(v, "args", "kwargs");
      return visit(v.args[0], depth + 1);
    }
    // agno's RunResponse: {content, content_type, event, metrics, …}.
    if (typeof v.content === "string" && "content_type" in v && !("role" in v)) {
      keep(v, "content", "content_type");
      return void push({ role, content: v.content });
    }
    if ("role" in v || "parts" in v || (typeof v.type === "string" && LANGCHAIN_ROLES[v.type])) {
      keep(v, ...MESSAGE_READS);
      return void push(message(v, role, out));
    }
    push({ role, content: JSON.stringify(v) });
  };
  visit(raw, 0);
  return out;
}
