// OpenLLMetry for JS (@traceloop/node-server-sdk 0.22.8 with @traceloop/instrumentation-openai 0.22.5, on openai 5):
// its older flattened attributes (gen_ai.prompt.N.role / .content, gen_ai.completion.N.tool_calls.M.name / .arguments:
// no tool call ids, and tool results in the history without tool_call_id). The
// agent is a withWorkflow, each tool run a withTool (traceloop.span.kind = tool, no call id).
"use strict";

const traceloop = require("traceloop-sdk-0-22");
const { OpenAI } = require("openai-5");
const { runOpenLLMetryAgent, runShape } = require("../openllmetry.cjs");

runShape(() => runOpenLLMetryAgent(traceloop, OpenAI));
