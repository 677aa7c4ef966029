/** `npm run ingest:proto`: rewrites lib/ingest/proto/otlp-trace.json from the official .proto files in lib/ingest/proto/third_party. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describeOtlpTraceProtos } from "../lib/ingest/proto-descriptor";

const target = path.join(import.meta.dirname, "..", "lib", "ingest", "proto", "otlp-trace.json");
writeFileSync(target, `${JSON.stringify(describeOtlpTraceProtos(), null, 1)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
