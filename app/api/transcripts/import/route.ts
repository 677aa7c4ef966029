import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/auth/api";
import { importFile } from "@/lib/db/import";
import { importOptions } from "@/lib/schemas/imports";
import { readBodyBytes } from "@/lib/server/body";
import { decodeUtf8 } from "@/lib/text/utf8";

/**
 * POST /api/transcripts/import for CI and scripts (queues:manage): the file as the raw body
 * (?format=jsonl|otel|auto&queue=NAME&fileName=x.jsonl) or as multipart field "file" (with
 * "format" and "queue" fields). The body is read whole, up to GAVEL_MAX_UPLOAD_MB, before anything
 * is parsed or written. 200 with the counts; 400 with every problem when the file is bad (invalid
 * UTF-8 included; nothing written); 401 signed out or a bad token; 403 without the role or the
 * token scope; 413 over the size limit (nothing written); 422 for a queue of another kind. Accepts a
 * personal API token with the transcripts:import scope.
 */
export const POST = apiRoute(
  "queues:manage",
  async (request, { user }) => {
    const params = request.nextUrl.searchParams;
    const body = await readBodyBytes(request);
    let bytes = body;
    let fileName = params.get("fileName");
    let fields: Record<string, unknown> = { format: params.get("format") ?? undefined, queue: params.get("queue") ?? undefined };
    const contentType = request.headers.get("content-type") ?? "";
    if (contentType.startsWith("multipart/form-data")) {
      const form = await new Response(body, { headers: { "content-type": contentType } }).formData().catch(() => null);
      if (!form)
        return NextResponse.json(
          { ok: false, errors: ['The multipart body could not be read: send the file in the field "file".'] },
          { status: 400 },
        );
      const file = form.get("file");
      if (!(file instanceof File))
        return NextResponse.json({ ok: false, errors: ['Send the file in the multipart field "file".'] }, { status: 400 });
      bytes = new Uint8Array(await file.arrayBuffer());
      fileName = file.name || fileName;
      fields = { format: form.get("format") ?? fields.format, queue: form.get("queue") ?? fields.queue };
    }
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) return NextResponse.json({ ok: false, errors: [decoded.error] }, { status: 400 });
    const text = decoded.text;
    const options = importOptions.safeParse(fields);
    if (!options.success)
      return NextResponse.json(
        { ok: false, errors: options.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) },
        { status: 400 },
      );
    if (!text.trim()) return NextResponse.json({ ok: false, errors: ["The request has no file content."] }, { status: 400 });
    const result = await importFile({
      text,
      format: options.data.format,
      fileName,
      queue: options.data.queue ? { name: options.data.queue } : null,
      actorId: user.id,
    });
    return NextResponse.json(result, { status: result.ok ? 200 : 400 });
  },
  { tokens: ["transcripts:import"] },
);
