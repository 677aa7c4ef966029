import { context, trace } from "@opentelemetry/api";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";

/**
 * GenAI-instrumented conversations recorded by the real OpenTelemetry JS SDK (semantic conventions
 * for GenAI: a chat span with gen_ai.input.messages / gen_ai.output.messages, and a tool span), and
 * their OTLP encodings by the SDK's own serializers. For tests only.
 */
export function recordConversation(question: string, answer: string, service = "shop-assistant"): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": service }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer("gavel-test");
  // No global context manager here: the parent is passed explicitly so both spans share one trace.
  const agent = tracer.startSpan("invoke_agent shop");
  const chat = tracer.startSpan("chat gpt-4o", {}, trace.setSpan(context.active(), agent));
  chat.setAttributes({
    "gen_ai.operation.name": "chat",
    "gen_ai.request.model": "gpt-4o",
    "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: question }] }]),
    "gen_ai.output.messages": JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: answer }], finish_reason: "stop" }]),
    "app.tenant": "acme",
  });
  chat.end();
  agent.end();
  return exporter.getFinishedSpans();
}

export const asProtobuf = (spans: ReadableSpan[]) => ProtobufTraceSerializer.serializeRequest(spans)!;
export const asJson = (spans: ReadableSpan[]) => JsonTraceSerializer.serializeRequest(spans)!;
