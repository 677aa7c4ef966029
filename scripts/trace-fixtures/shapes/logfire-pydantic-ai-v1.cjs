// pydantic-ai 1.0 with instrumentation version 1 and event_mode 'attributes' (what Logfire shows as
// a span's "events"): Python only, so this is HAND-BUILT, not made by pydantic-ai. It emits, through
// the OpenTelemetry JS SDK and exporter, the spans and attribute values pydantic-ai v1.0.0 writes
// (github.com/pydantic/pydantic-ai, tag v1.0.0):
//  - agent/__init__.py: span "agent run" (model_name, agent_name, logfire.msg, final_result,
//    all_messages_events, logfire.json_schema);
//  - models/instrumented.py: span "chat <model>" (gen_ai.operation.name, gen_ai.system,
//    gen_ai.request.model, model_request_parameters, events = JSON list of event_to_dict(event):
//    the event body merged with {gen_ai.system, gen_ai.message.index, event.name});
//  - messages.py: otel_event / otel_events of each part (system, user, assistant with tool_calls,
//    tool with id and name, a ModelRetry as a tool message ending "Fix the errors and try again.");
//  - _agent_graph.py: span "running tools" (tools, logfire.msg); _tool_manager.py: span "running
//    tool" (gen_ai.tool.name, gen_ai.tool.call.id, tool_arguments, tool_response; a ModelRetry
//    records tool_response and the exception ends the span with status ERROR).
"use strict";

const { startTelemetry } = require("../telemetry.cjs");
const telemetry = startTelemetry();
const { trace, SpanStatusCode, context } = require("@opentelemetry/api");
const { SYSTEM, USER, FINAL, TURNS, TOOLS } = require("../scenario.cjs");

const tracer = trace.getTracer("pydantic-ai", "1.0.0");
const MODEL = "gpt-4o";
const SYSTEM_NAME = "openai";

const event = (name, index, body) => ({
  ...body,
  "gen_ai.system": SYSTEM_NAME,
  ...(index === null ? {} : { "gen_ai.message.index": index }),
  "event.name": name,
});
const toolCalls = (turn) =>
  turn.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: JSON.stringify(c.arguments) } }));
const retryText = (message) => `${message}\n\nFix the errors and try again.`;

/** Runs a tool as pydantic-ai does: a raised error becomes a ModelRetry for the model. */
function runTool(call) {
  try {
    return { ok: true, value: TOOLS[call.name](call.arguments) };
  } catch (error) {
    return { ok: false, retry: retryText(error.message), error };
  }
}

async function main() {
  const agentSpan = tracer.startSpan("agent run", {
    attributes: { model_name: MODEL, agent_name: "support_agent", "logfire.msg": "support_agent run" },
  });
  const agentContext = trace.setSpan(context.active(), agentSpan);
  // The message history as pydantic-ai keeps it: requests (system, user, tool returns) and responses.
  const history = [
    event("gen_ai.system.message", 0, { content: SYSTEM, role: "system" }),
    event("gen_ai.user.message", 0, { content: USER, role: "user" }),
  ];
  let index = 0;
  for (const turn of TURNS) {
    const span = tracer.startSpan(
      `chat ${MODEL}`,
      {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.system": SYSTEM_NAME,
          "gen_ai.request.model": MODEL,
          model_request_parameters: JSON.stringify({
            function_tools: [],
            builtin_tools: [],
            output_mode: "text",
            output_object: null,
            output_tools: [],
            allow_text_output: true,
          }),
          "logfire.json_schema": JSON.stringify({ type: "object", properties: { model_request_parameters: { type: "object" } } }),
          "gen_ai.request.temperature": 0,
        },
      },
      agentContext,
    );
    await new Promise((r) => setTimeout(r, 5));
    const choice = typeof turn === "string" ? { role: "assistant", content: turn } : { role: "assistant", tool_calls: toolCalls(turn) };
    const events = [...history, { index: 0, message: choice, "gen_ai.system": SYSTEM_NAME, "event.name": "gen_ai.choice" }];
    span.setAttributes({
      events: JSON.stringify(events),
      "logfire.json_schema": JSON.stringify({
        type: "object",
        properties: { events: { type: "array" }, model_request_parameters: { type: "object" } },
      }),
      "gen_ai.usage.input_tokens": 120,
      "gen_ai.usage.output_tokens": 40,
      "gen_ai.response.model": "gpt-4o-2024-08-06",
    });
    span.end();
    index += 1;
    history.push(event("gen_ai.assistant.message", index, choice));
    if (typeof turn === "string") break;

    index += 1;
    const toolsSpan = tracer.startSpan(
      "running tools",
      { attributes: { tools: turn.map((c) => c.name), "logfire.msg": `running ${turn.length} tools` } },
      agentContext,
    );
    const toolsContext = trace.setSpan(agentContext, toolsSpan);
    for (const call of turn) {
      const toolSpan = tracer.startSpan(
        "running tool",
        {
          attributes: {
            "gen_ai.tool.name": call.name,
            "gen_ai.tool.call.id": call.id,
            tool_arguments: JSON.stringify(call.arguments),
            "logfire.msg": `running tool: ${call.name}`,
            "logfire.json_schema": JSON.stringify({
              type: "object",
              properties: {
                tool_arguments: { type: "object" },
                tool_response: { type: "object" },
                "gen_ai.tool.name": {},
                "gen_ai.tool.call.id": {},
              },
            }),
          },
        },
        toolsContext,
      );
      const outcome = runTool(call);
      if (outcome.ok) {
        toolSpan.setAttribute("tool_response", typeof outcome.value === "string" ? outcome.value : JSON.stringify(outcome.value));
        history.push(event("gen_ai.tool.message", index, { content: outcome.value, role: "tool", id: call.id, name: call.name }));
      } else {
        toolSpan.setAttribute("tool_response", outcome.retry);
        toolSpan.recordException({ name: "ToolRetryError", message: outcome.retry });
        toolSpan.setStatus({ code: SpanStatusCode.ERROR, message: `ToolRetryError: ${outcome.retry}` });
        history.push(event("gen_ai.tool.message", index, { content: outcome.retry, role: "tool", id: call.id, name: call.name }));
      }
      toolSpan.end();
    }
    toolsSpan.end();
  }
  agentSpan.setAttributes({
    final_result: FINAL,
    "gen_ai.usage.input_tokens": 360,
    "gen_ai.usage.output_tokens": 120,
    // The run's history carries no gen_ai.system (handle_messages adds that to model request events only).
    all_messages_events: JSON.stringify(history.map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== "gen_ai.system")))),
    "logfire.json_schema": JSON.stringify({
      type: "object",
      properties: { all_messages_events: { type: "array" }, final_result: { type: "object" } },
    }),
  });
  agentSpan.end();
  await telemetry.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
