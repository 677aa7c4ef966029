// OpenTelemetry's own OpenAI instrumentation (@opentelemetry/instrumentation-openai, JS) on Chat
// Completions: a span per model call, and the message content as log records (the older event
// names gen_ai.system.message / user / assistant / tool / choice). The app adds what an agent
// framework would: an invoke_agent span around the run and an execute_tool span per tool run, by
// the GenAI conventions but without gen_ai.tool.call.id (pairing by order). It also fetches the
// customer's profile over HTTP first: one HTTP client span (instrumentation-http) that is not GenAI.
"use strict";

const { startTelemetry } = require("../telemetry.cjs");
const telemetry = startTelemetry({ logs: true });

const { registerInstrumentations } = require("@opentelemetry/instrumentation");
const { OpenAIInstrumentation } = require("@opentelemetry/instrumentation-openai");
const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http");
registerInstrumentations({ instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true }), new HttpInstrumentation()] });

const http = require("node:http");
const { trace, SpanStatusCode } = require("@opentelemetry/api");
const { OpenAI } = require("openai");
const { MODEL } = require("../scenario.cjs");
const { runChatAgent } = require("../chat-loop.cjs");

const tracer = trace.getTracer("support-agent", "1.4.0");

function getJson(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(JSON.parse(body)));
      })
      .on("error", reject);
  });
}

async function main() {
  const client = new OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await tracer.startActiveSpan(
    "invoke_agent support-agent",
    { attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support-agent", "gen_ai.provider.name": "openai" } },
    async (agent) => {
      await getJson(`${process.env.CUSTOMERS_URL}/customers/c-17`);
      await runChatAgent(client, {
        model: MODEL,
        runTool: (call, args, execute) =>
          tracer.startActiveSpan(
            `execute_tool ${call.function.name}`,
            {
              attributes: {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": call.function.name,
                "gen_ai.tool.type": "function",
              },
            },
            (span) => {
              const outcome = execute();
              span.setAttribute("gen_ai.tool.call.arguments", JSON.stringify(args));
              if (outcome.ok) span.setAttribute("gen_ai.tool.call.result", outcome.text);
              else {
                span.recordException(outcome.error);
                span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error.message });
                span.setAttribute("error.type", "ToolError");
              }
              span.end();
              return outcome;
            },
          ),
      });
      agent.end();
    },
  );
  await telemetry.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
