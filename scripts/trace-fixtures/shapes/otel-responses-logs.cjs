// OpenTelemetry's own OpenAI instrumentation (JS) on the Responses API: the current form, one
// gen_ai.client.inference.operation.details log record per model call carrying
// gen_ai.input.messages / gen_ai.output.messages as structured values. The app's execute_tool
// spans carry gen_ai.tool.call.id (the Responses call_id).
"use strict";

const { startTelemetry } = require("../telemetry.cjs");
const telemetry = startTelemetry({ logs: true });

const { registerInstrumentations } = require("@opentelemetry/instrumentation");
const { OpenAIInstrumentation } = require("@opentelemetry/instrumentation-openai");
registerInstrumentations({ instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true })] });

const { trace, SpanStatusCode } = require("@opentelemetry/api");
const { OpenAI } = require("openai");
const { MODEL, SYSTEM, USER, TOOLS, TOOL_DEFINITIONS, toolMessageContent } = require("../scenario.cjs");

const tracer = trace.getTracer("support-agent", "1.4.0");

async function main() {
  const client = new OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await tracer.startActiveSpan(
    "invoke_agent support-agent",
    { attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support-agent", "gen_ai.provider.name": "openai" } },
    async (agent) => {
      const input = [{ role: "user", content: USER }];
      const tools = TOOL_DEFINITIONS.map((t) => ({ type: "function", ...t, strict: true }));
      for (let step = 0; step < 5; step++) {
        const response = await client.responses.create({ model: MODEL, instructions: SYSTEM, input, tools });
        const calls = response.output.filter((o) => o.type === "function_call");
        if (!calls.length) break;
        input.push(...response.output);
        for (const call of calls) {
          const args = JSON.parse(call.arguments);
          const outcome = tracer.startActiveSpan(
            `execute_tool ${call.name}`,
            {
              attributes: {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": call.name,
                "gen_ai.tool.call.id": call.call_id,
                "gen_ai.tool.type": "function",
                "gen_ai.tool.call.arguments": call.arguments,
              },
            },
            (span) => {
              const result = toolMessageContent(() => TOOLS[call.name](args));
              if (result.ok) span.setAttribute("gen_ai.tool.call.result", result.text);
              else span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
              span.end();
              return result;
            },
          );
          input.push({ type: "function_call_output", call_id: call.call_id, output: outcome.text });
        }
      }
      agent.end();
    },
  );
  await telemetry.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
