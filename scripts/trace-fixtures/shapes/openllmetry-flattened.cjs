// OpenLLMetry for JS (@traceloop/node-server-sdk 0.22.8 with @traceloop/instrumentation-openai 0.22.5, on openai 5):
// its older flattened attributes (gen_ai.prompt.N.role / .content, gen_ai.completion.N.tool_calls.M.name / .arguments:
// no tool call ids, and tool results in the history without tool_call_id). The
// agent is a withWorkflow, each tool run a withTool (traceloop.span.kind = tool, no call id).
"use strict";

const traceloop = require("traceloop-sdk-0-22");
const { OpenAI } = require("openai-5");
const { traceExporter } = require("../telemetry.cjs");
const { MODEL } = require("../scenario.cjs");
const { runChatAgent } = require("../chat-loop.cjs");

traceloop.initialize({
  appName: "support-agent",
  exporter: traceExporter(),
  instrumentModules: { openAI: OpenAI },
  traceContent: true,
  traceloopSyncEnabled: false,
  silenceInitializationMessage: true,
});

async function main() {
  const client = new OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await traceloop.withWorkflow({ name: "refund_agent" }, () =>
    runChatAgent(client, {
      model: MODEL,
      // withTool records the tool's input and output. It never ends the span of a tool that throws,
      // so OpenLLMetry tools return their error as text, which is what the model sees anyway.
      runTool: async (call, args, execute) => {
        let outcome;
        await traceloop.withTool(
          { name: call.function.name },
          async () => {
            outcome = execute();
            return outcome.ok ? outcome.value : outcome.text;
          },
          args,
        );
        return outcome;
      },
    }),
  );
  await traceloop.forceFlush();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
