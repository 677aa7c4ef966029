import type { AgentInput } from "../trial/types";

/** An agent whose every answer carries a NUL (U+0000): what PostgreSQL cannot store (lib/text/nul.ts). */
export function nulAgent(input: AgentInput): string {
  return `${input.prompt.slice(0, 20)}\u0000 answered with a NUL`;
}
