import path from "node:path";
import protobuf from "protobufjs";

/**
 * The JSON descriptor of the official OTLP trace definitions in lib/ingest/proto/third_party (protobufjs's own
 * loader, so no wire format is parsed by hand). Used by `npm run ingest:proto` and by the test that
 * keeps the committed descriptor in step with the .proto files.
 */
export function describeOtlpTraceProtos(protoDir = path.join(import.meta.dirname, "proto", "third_party")): unknown {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(protoDir, target);
  root.loadSync("opentelemetry/proto/collector/trace/v1/trace_service.proto", { keepCase: false });
  return root.toJSON();
}
