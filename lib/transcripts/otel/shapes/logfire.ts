import type { Contribution } from "../../chat/conversation";
import { jsonish, type ReadMessage, type Role } from "../../chat/messages";
import { readGenAi, readsGenAiEvent } from "./genai";
import { defineShape, message, messages, READS, ShapeError, text, toolRun } from "./reader";

/**
 * pydantic-ai's instrumentation as Logfire shows it (github.com/pydantic/pydantic-ai, tag v1.0.0:
 * models/instrumented.py, agent/__init__.py, _tool_manager.py):
 *  - version 1 (event_mode "attributes"): a model request span's `events` attribute is a JSON list of
 *    OTel events flattened to dicts — the body plus {event.name, gen_ai.message.index, gen_ai.system}:
 *    gen_ai.system.message / user / assistant (tool_calls) / tool (id, name) and gen_ai.choice
 *    ({index, message}); the "agent run" span's all_messages_events is the whole history, and
 *    final_result the answer;
 *  - version 2 and later: gen_ai.input.messages / gen_ai.output.messages (read as OpenTelemetry
 *    GenAI) and pydantic_ai.all_messages on the agent run;
 *  - tools: "running tool" spans with gen_ai.tool.name, gen_ai.tool.call.id and tool_arguments /
 *    tool_response (later gen_ai.tool.call.arguments / .result); a ModelRetry ends it with status ERROR.
 */
const EVENT_ROLES: Record<string, Role> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

function eventList(value: unknown): unknown[] | null {
  const parsed = typeof value === "string" ? jsonish(value) : value;
  if (!Array.isArray(parsed)) return null;
  return parsed.every((e) => e && typeof e === "object" && "event.name" in e) ? parsed : null;
}

function readEvents(value: unknown, attribute: string): { inputs: ReadMessage[]; outputs: ReadMessage[] } {
  const list = eventList(value);
  if (!list) throw new ShapeError(`attribute ${attribute}: expected a JSON list of events, each with an event.name`);
  const inputs: ReadMessage[] = [];
  const outputs: ReadMessage[] = [];
  list.forEach((raw, i) => {
    const event = raw as Record<string, unknown>;
    const name = String(event["event.name"]);
    if (name === "gen_ai.choice")
      outputs.push(message(event.message ?? {}, `attribute ${attribute}: [${i}] (gen_ai.choice).message`, "assistant"));
    else if (EVENT_ROLES[name]) inputs.push(message(event, `attribute ${attribute}: [${i}] (${name})`, EVENT_ROLES[name]!));
  });
  return { inputs, outputs };
}

export const logfire = defineShape({
  label: "pydantic-ai (Logfire)",
  reads: (key) => READS.logfire.test(key) || READS.genai.test(key),
  readsEvent: readsGenAiEvent,
  claims: (span) =>
    span.scope === "pydantic-ai" ||
    span.attributes.has("all_messages_events") ||
    span.attributes.has("pydantic_ai.all_messages") ||
    eventList(span.attributes.get("events")) !== null ||
    (span.attributes.has("gen_ai.tool.name") && (span.attributes.has("tool_arguments") || span.attributes.has("tool_response"))),
  read(span): Contribution[] {
    const attrs = span.attributes;
    if (attrs.has("gen_ai.tool.name")) {
      const name = text(attrs.get("gen_ai.tool.name"))!;
      const id = text(attrs.get("gen_ai.tool.call.id"));
      const args = attrs.get("tool_arguments") ?? attrs.get("gen_ai.tool.call.arguments");
      const result = attrs.get("tool_response") ?? attrs.get("gen_ai.tool.call.result");
      return [toolRun(span, name, id, args, result)];
    }
    if (attrs.has("events")) {
      const { inputs, outputs } = readEvents(attrs.get("events"), "events");
      return inputs.length || outputs.length ? [{ kind: "model", inputs, outputs }] : [];
    }
    if (attrs.has("all_messages_events") || attrs.has("pydantic_ai.all_messages")) {
      const inputs = attrs.has("all_messages_events")
        ? readEvents(attrs.get("all_messages_events"), "all_messages_events").inputs
        : [
            ...(attrs.has("gen_ai.system_instructions")
              ? messages(attrs.get("gen_ai.system_instructions"), "gen_ai.system_instructions", "system")
              : []),
            ...messages(attrs.get("pydantic_ai.all_messages"), "pydantic_ai.all_messages", "user"),
          ];
      const final = text(attrs.get("final_result"));
      const outputs = final ? [message({ role: "assistant", content: final }, "attribute final_result", "assistant")] : [];
      // The history is written when the run ends: read it last, to fill in what the model spans lacked.
      return [{ kind: "model", inputs, outputs, outputsRepeat: true, inputsAtEnd: true }];
    }
    return readGenAi(span);
  },
});
