import { itemKind } from "../items/kinds";
import { KIND_FOR_PARSER } from "./kinds";
import type { JudgeParser } from "./version";

/**
 * Judge prompt templates: plain text with {{variable}} placeholders (spaces inside the braces are
 * allowed). Values are inserted verbatim, never interpreted: a transcript that contains "{{rubric}}"
 * stays literal text, because substitution is one pass over the template only.
 */
export const TEMPLATE_VARIABLES = {
  task_prompt: "The task the agent was given.",
  rubric: "The rubric or expected qualities the label set was labeled against.",
  criterion: "For graded items: the criterion rated (e.g. Coherence).",
  expected: "The task's expected answer, when it has one.",
  output: "The agent's final output (single-output judges).",
  transcript: "The whole conversation with tool calls and the final state, as text.",
  tool_calls: 'Every tool call the agent made, in order, with its arguments and its result or error; "(no tool calls)" when none.',
  final_state: 'The final state after the agent finished (the sandbox\'s state), as JSON; "(none)" when there is none.',
  output_a: "Pairwise: the first output shown to the judge.",
  output_b: "Pairwise: the second output shown to the judge.",
  examples:
    "The version's worked examples (dev items with the human label and reason); placed before the prompt when the template does not show them.",
} as const;

export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export type TemplateValues = Partial<Record<TemplateVariable, string | null | undefined>>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Problems a template has for a parser, as messages naming the variable; empty when fine. */
export function templateProblems(template: string, parser: JudgeParser): string[] {
  const used = templateVariables(template);
  const problems = used
    .filter((name) => !(name in TEMPLATE_VARIABLES))
    .map(
      (name) =>
        `Unknown variable {{${name}}}: use one of ${Object.keys(TEMPLATE_VARIABLES)
          .map((v) => `{{${v}}}`)
          .join(", ")}.`,
    );
  if (itemKind(KIND_FOR_PARSER[parser]).outputs === 2) {
    for (const name of ["output_a", "output_b"])
      if (!used.includes(name)) problems.push(`A ${KIND_FOR_PARSER[parser]} template must show both outputs: add {{${name}}}.`);
  } else if (!used.includes("output") && !used.includes("transcript") && !used.includes("tool_calls")) {
    problems.push("The template never shows the judge what to grade: add {{output}} or {{transcript}}.");
  }
  return problems;
}

/** Fills every placeholder; a missing value becomes an empty string, an unknown variable is an error. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    if (!(name in TEMPLATE_VARIABLES)) throw new Error(`Unknown template variable {{${name}}}`);
    return values[name as TemplateVariable] ?? "";
  });
}
