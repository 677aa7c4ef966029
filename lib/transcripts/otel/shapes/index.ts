import type { Contribution } from "../../chat/conversation";
import type { SpanRecord } from "../otlp";
import { genai } from "./genai";
import { logfire } from "./logfire";
import { openinference } from "./openinference";
import { openlit } from "./openlit";
import { openllmetry } from "./openllmetry";
import { ShapeError, type ShapeReader } from "./reader";
import { vercel } from "./vercel";

/**
 * Every span shape Gavel reads, most specific first: the first that claims a span reads it (a
 * Vercel or OpenLLMetry span also carries some gen_ai.* attributes). docs/transcripts.md has the
 * table; lib/transcripts/fixtures/traces has one export per shape made by the real SDK.
 */
export const SHAPES: readonly ShapeReader[] = [vercel, openinference, logfire, openllmetry, openlit, genai];

export type SpanReading = { shape: ShapeReader; contributions: Contribution[] } | { error: string } | null;

/** How a span reads: its shape and contributions, what is wrong with it, or null when no shape claims it. */
export function readSpan(span: SpanRecord): SpanReading {
  const shape = SHAPES.find((s) => s.claims(span));
  if (!shape) return null;
  try {
    return { shape, contributions: shape.read(span) };
  } catch (error) {
    if (error instanceof ShapeError) return { error: error.message };
    throw error;
  }
}
