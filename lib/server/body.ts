import { UserError } from "../errors";
import { maxUploadBytes, tooLargeMessage } from "./request-guard";

/**
 * A request body, read whole before anything is written, and never past the limit: a body larger
 * than GAVEL_MAX_UPLOAD_MB is a 413 (UserError) whatever its Content-Length said, so an upload is
 * imported whole or refused, never truncated.
 */
export async function readBodyBytes(request: Request, limit = maxUploadBytes()): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new UserError(tooLargeMessage(limit), 413);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
