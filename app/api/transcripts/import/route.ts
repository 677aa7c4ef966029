import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/auth/api";
import { importFile } from "@/lib/db/import";
import { importOptions } from "@/lib/schemas/imports";
import { readBodyBytes } from "@/lib/server/body";
import { mappingFromFields } from "@/lib/transcripts/score-mapping";

/**
 * POST /api/transcripts/import for CI and scripts (queues:manage): the file as the raw body
 * (?format=…&queue=NAME&fileName=x.jsonl&score=NAME&passWhen=>=0.5) or as multipart field "file"
 * (with "format", "queue", "score", "passWhen", "judge" and "scoreMap" — a mapping file — fields).
 * The bytes are parsed as they are (an Inspect .eval log is a zip archive). The body is read whole,
 * up to GAVEL_MAX_UPLOAD_MB, before anything is parsed or written. 200 with the counts and the
 * import report (skipped parts, fields kept in metadata, scores and what the mapping made of
 * them); 400 with every problem when the file or the mapping is bad (invalid UTF-8 included;
 * nothing written); 401 signed out or a bad token; 403 without the role or the
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
    const param = (name: string) => params.get(name) ?? undefined;
    let fields: Record<string, unknown> = {
      format: param("format"),
      queue: param("queue"),
      score: param("score"),
      passWhen: param("passWhen"),
      judge: param("judge"),
    };
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
      const scoreMap = form.get("scoreMap");
      fields = {
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, form.get(k) ?? v])),
        scoreMap: scoreMap instanceof File ? await scoreMap.text() : (scoreMap ?? undefined),
      };
    }
    const options = importOptions.safeParse(fields);
    if (!options.success)
      return NextResponse.json(
        { ok: false, errors: options.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) },
        { status: 400 },
      );
    if (!bytes.some((b) => b > 0x20))
      return NextResponse.json({ ok: false, errors: ["The request has no file content."] }, { status: 400 });
    const mapping = mappingFromFields(options.data);
    if (mapping && "errors" in mapping) return NextResponse.json({ ok: false, errors: mapping.errors }, { status: 400 });
    const result = await importFile({
      text: bytes,
      scoreMapping: mapping,
      format: options.data.format,
      fileName,
      queue: options.data.queue ? { name: options.data.queue } : null,
      actorId: user.id,
    });
    return NextResponse.json(result, { status: result.ok ? 200 : 400 });
  },
  { tokens: ["transcripts:import"] },
);
