/**
 * Images, audio, video and files in a message's content parts become visible text placeholders
 * ("[image: https://…/bike.png]", "[image: image/png, 12 KB]"), so a reviewer sees that the model
 * was shown something and a transcript never silently loses it. Media are never fetched or stored.
 * Shapes: Inspect AI (ContentImage {type: image, image}, audio, video, document, reasoning), OpenAI
 * chat (image_url, input_audio, file) and the Responses API (input_image, input_file). Pure.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

const MEDIA: Record<string, { kind: string; ref: (p: Obj) => unknown }> = {
  image: { kind: "image", ref: (p) => p.image },
  image_url: { kind: "image", ref: (p) => (isObj(p.image_url) ? p.image_url.url : p.image_url) },
  input_image: { kind: "image", ref: (p) => p.image_url ?? p.file_id },
  audio: { kind: "audio", ref: (p) => p.audio },
  input_audio: { kind: "audio", ref: (p) => (isObj(p.input_audio) ? `audio/${String(p.input_audio.format ?? "")}` : undefined) },
  video: { kind: "video", ref: (p) => p.video },
  document: { kind: "document", ref: (p) => p.filename ?? p.document },
  file: { kind: "file", ref: (p) => (isObj(p.file) ? (p.file.filename ?? p.file.file_id) : p.filename) },
  input_file: { kind: "file", ref: (p) => p.filename ?? p.file_id },
};

/** What a reviewer is told about a medium: its address when short, else its type and size. */
export function placeholder(kind: string, ref: unknown): string {
  if (typeof ref !== "string" || !ref) return `[${kind}]`;
  const data = /^data:([^;,]+)[^,]*,(.*)$/s.exec(ref);
  if (data) return `[${kind}: ${data[1]}, ${Math.max(1, Math.round((data[2]!.length * 3) / 4 / 1024))} KB]`;
  return ref.length <= 200 ? `[${kind}: ${ref}]` : `[${kind}]`;
}

function part(p: unknown): unknown {
  if (!isObj(p) || typeof p.type !== "string") return p;
  const media = MEDIA[p.type];
  if (media) return { type: "text", text: placeholder(media.kind, media.ref(p)) };
  // Inspect's ContentReasoning keeps its text in `reasoning` (redacted: encrypted, nothing to show).
  if (p.type === "reasoning" && typeof p.reasoning === "string")
    return { type: "reasoning", text: p.redacted ? "[reasoning redacted]" : p.reasoning };
  return p;
}

/** A message with its media parts replaced by placeholders (anything else as it is). */
export function withPlaceholders(message: unknown): unknown {
  if (!isObj(message) || !Array.isArray(message.content)) return message;
  return { ...message, content: message.content.map(part) };
}
