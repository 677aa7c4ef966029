import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/openapi/document";
import { version } from "@/package.json";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of this API (lib/openapi), public like the
 * routes' shapes in the source: it names no data, only what a client may send and receive.
 */
export function GET() {
  return NextResponse.json(openApiDocument(version), { headers: { "cache-control": "public, max-age=300" } });
}
