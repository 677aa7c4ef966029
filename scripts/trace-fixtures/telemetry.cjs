// The standard OpenTelemetry JS SDK set-up of an app that exports OTLP/HTTP JSON to a collector
// (here the mock collector generate.mjs started; its address comes in OTLP_BASE_URL).
"use strict";

const { NodeTracerProvider, BatchSpanProcessor } = require("@opentelemetry/sdk-trace-node");
const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-http");
const { resourceFromAttributes } = require("@opentelemetry/resources");

const resource = resourceFromAttributes({ "service.name": "support-agent", "service.version": "1.4.0" });

function traceExporter() {
  return new OTLPTraceExporter({ url: `${process.env.OTLP_BASE_URL}/v1/traces` });
}

/** A registered tracer provider (and, with logs: true, a global logger provider). */
function startTelemetry({ logs = false } = {}) {
  const tracerProvider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(traceExporter())] });
  tracerProvider.register();
  let loggerProvider = null;
  if (logs) {
    const { LoggerProvider, BatchLogRecordProcessor } = require("@opentelemetry/sdk-logs");
    const { OTLPLogExporter } = require("@opentelemetry/exporter-logs-otlp-http");
    const { logs: logsApi } = require("@opentelemetry/api-logs");
    loggerProvider = new LoggerProvider({
      resource,
      processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: `${process.env.OTLP_BASE_URL}/v1/logs` }) })],
    });
    logsApi.setGlobalLoggerProvider(loggerProvider);
  }
  return {
    async shutdown() {
      await tracerProvider.forceFlush();
      if (loggerProvider) await loggerProvider.forceFlush();
      await tracerProvider.shutdown();
      if (loggerProvider) await loggerProvider.shutdown();
    },
  };
}

module.exports = { startTelemetry, traceExporter, resource };
