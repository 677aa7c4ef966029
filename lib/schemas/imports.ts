import { z } from "zod";
import { TRANSCRIPT_FORMATS } from "./transcript-formats";

/** The import form (/label/import) and POST /api/transcripts/import share these fields. */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const importOptions = z.object({
  format: z.preprocess(
    blank,
    z.enum([...TRANSCRIPT_FORMATS, "auto"], { error: "Choose one of the formats, or detect it from the file." }).default("auto"),
  ),
  queue: z.preprocess(blank, z.string().trim().max(100, "Use at most 100 characters for the queue name.").optional()),
  /** A score mapping (lib/transcripts/score-mapping.ts): which score is the judge and when it passes, or a mapping file's text. */
  score: z.preprocess(blank, z.string().trim().max(200).optional()),
  passWhen: z.preprocess(blank, z.string().trim().max(200).optional()),
  judge: z.preprocess(blank, z.string().trim().max(100).optional()),
  scoreMap: z.preprocess(blank, z.string().max(100_000, "Keep the score mapping under 100 KB.").optional()),
});

export const importFormInput = importOptions.extend({
  file: z.custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, {
    message: "Choose a transcript file to import.",
  }),
});
