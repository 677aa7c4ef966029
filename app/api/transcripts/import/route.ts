import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/auth/api";
import { importFile } from "@/lib/db/import";
import { importOptions } from "@/lib/schemas/imports";

/**
 * POST /api/transcripts/import for CI and scripts (queues:manage): the file as the raw body
 * (?format=jsonl|otel|auto&queue=NAME&fileName=x.jsonl) or as multipart field "file" (with
 * "format" and "queue" fields). 200 with the counts; 400 with every problem when the file is bad
 * (nothing written); 401 signed out or a bad token; 403 without the role or the token scope; 422 for
 * a queue of another kind. Accepts a personal API token with the transcripts:import scope.
 */
export const POST = apiRoute(
  "queues:manage",
  async (request, { user }) => {
    const params = request.nextUrl.searchParams;
    let text: string;
    let fileName = params.get("fileName");
    let fields: Record<string, unknown> = { format: params.get("format") ?? undefined, queue: params.get("queue") ?? undefined };
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const form = await request.formData();
      const file = form.get("file");
      if (!(file instanceof File)) return NextResponse.json({ ok: false, errors: ['Send the file in the multipart field "file".'] }, { status: 400 });
      text = await file.text();
      fileName = file.name || fileName;
      fields = { format: form.get("format") ?? fields.format, queue: form.get("queue") ?? fields.queue };
    } else {
      text = await request.text();
    }
    const options = importOptions.safeParse(fields);
    if (!options.success) return NextResponse.json({ ok: false, errors: options.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) }, { status: 400 });
    if (!text.trim()) return NextResponse.json({ ok: false, errors: ["The request has no file content."] }, { status: 400 });
    const result = await importFile({ text, format: options.data.format, fileName, queue: options.data.queue ? { name: options.data.queue } : null, actorId: user.id });
    return NextResponse.json(result, { status: result.ok ? 200 : 400 });
  },
  { tokens: ["transcripts:import"] },
);
