// OpenInference (Arize Phoenix): @arizeai/openinference-instrumentation-openai 4.2.7 records each
// model call as an LLM span with flattened llm.input_messages.N.message.* / llm.output_messages.*
// attributes (tool calls with tool_call.id). Agent frameworks with OpenInference instrumentation
// add an AGENT span and a TOOL span per tool run (tool.name, tool.id, input.value, output.value);
// the app adds those here with the names from @arizeai/openinference-semantic-conventions.
"use strict";

const { startTelemetry } = require("../telemetry.cjs");
const telemetry = startTelemetry();

const { OpenAIInstrumentation } = require("@arizeai/openinference-instrumentation-openai");
const { SemanticConventions: SC, OpenInferenceSpanKind, MimeType } = require("@arizeai/openinference-semantic-conventions");
const OpenAI = require("openai");
const instrumentation = new OpenAIInstrumentation();
instrumentation.manuallyInstrument(OpenAI);

const { trace, SpanStatusCode } = require("@opentelemetry/api");
const { MODEL, USER } = require("../scenario.cjs");
const { runChatAgent } = require("../chat-loop.cjs");

const tracer = trace.getTracer("support-agent", "1.4.0");

async function main() {
  const client = new OpenAI.OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await tracer.startActiveSpan(
    "support-agent",
    {
      attributes: {
        [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT,
        [SC.INPUT_VALUE]: USER,
        [SC.INPUT_MIME_TYPE]: MimeType.TEXT,
      },
    },
    async (agent) => {
      const answer = await runChatAgent(client, {
        model: MODEL,
        runTool: (call, args, execute) =>
          tracer.startActiveSpan(
            call.function.name,
            {
              attributes: {
                [SC.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.TOOL,
                [SC.TOOL_NAME]: call.function.name,
                [SC.TOOL_ID]: call.id,
                [SC.INPUT_VALUE]: call.function.arguments,
                [SC.INPUT_MIME_TYPE]: MimeType.JSON,
              },
            },
            (span) => {
              const outcome = execute();
              if (outcome.ok) {
                span.setAttribute(SC.OUTPUT_VALUE, outcome.text);
                span.setAttribute(SC.OUTPUT_MIME_TYPE, typeof outcome.value === "string" ? MimeType.TEXT : MimeType.JSON);
                span.setStatus({ code: SpanStatusCode.OK });
              } else {
                span.recordException(outcome.error);
                span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error.message });
              }
              span.end();
              return outcome;
            },
          ),
      });
      agent.setAttribute(SC.OUTPUT_VALUE, answer);
      agent.setAttribute(SC.OUTPUT_MIME_TYPE, MimeType.TEXT);
      agent.setStatus({ code: SpanStatusCode.OK });
      agent.end();
    },
  );
  await telemetry.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
