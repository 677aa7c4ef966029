// OpenLLMetry for JS (@traceloop/node-server-sdk 0.27, @traceloop/instrumentation-openai 0.27):
// the OTel 1.40 GenAI conventions (gen_ai.input.messages / gen_ai.output.messages as JSON), with
// the system prompt sent as OpenAI's `developer` role, kept as is by the instrumentation. The
// agent is a withWorkflow, each tool run a withTool (traceloop.span.kind = tool, no call id).
"use strict";

const traceloop = require("@traceloop/node-server-sdk");
const { OpenAI } = require("openai");
const { runOpenLLMetryAgent, runShape } = require("../openllmetry.cjs");

runShape(() => runOpenLLMetryAgent(traceloop, OpenAI, { systemRole: "developer" }));
