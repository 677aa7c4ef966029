import { describe, expect, it } from "vitest";
import { renderTemplate, templateProblems, templateVariables } from "./template";

describe("renderTemplate", () => {
  it("fills placeholders, with or without spaces inside the braces", () => {
    expect(renderTemplate("Task: {{task_prompt}}\nOutput: {{ output }}", { task_prompt: "Add 2+2", output: "4" })).toBe(
      "Task: Add 2+2\nOutput: 4",
    );
  });

  it("inserts values verbatim, never re-expanding placeholders inside them", () => {
    expect(renderTemplate("{{output}} / {{rubric}}", { output: "I say {{rubric}}", rubric: "be correct" })).toBe(
      "I say {{rubric}} / be correct",
    );
  });

  it("renders a missing value as empty text and refuses an unknown variable", () => {
    expect(renderTemplate("[{{rubric}}]", {})).toBe("[]");
    expect(() => renderTemplate("{{answer}}", {})).toThrow("Unknown template variable {{answer}}");
  });
});

describe("templateProblems", () => {
  it("names unknown variables and the ones a parser needs", () => {
    expect(templateVariables("{{output}} {{output}} {{rubric}}")).toEqual(["output", "rubric"]);
    expect(templateProblems("Grade {{output}} by {{rubric}}", "pass_fail")).toEqual([]);
    expect(templateProblems("Grade {{answer}}", "pass_fail")).toEqual([
      expect.stringContaining("Unknown variable {{answer}}"),
      expect.stringContaining("add {{output}} or {{transcript}}"),
    ]);
    expect(templateProblems("Which is better: {{output_a}}?", "pairwise")).toEqual([expect.stringContaining("add {{output_b}}")]);
  });
});
