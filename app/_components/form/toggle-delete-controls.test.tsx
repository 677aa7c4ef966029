import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/action-state";
import { ToggleDeleteControls } from "./toggle-delete-controls";

const action = async (): Promise<ActionState> => ({ status: "ok" });
const hidden = (html: string) => [...html.matchAll(/<input type="hidden" name="(\w+)" value="(\w*)"\/>/g)].map(([, n, v]) => `${n}=${v}`);

describe("ToggleDeleteControls", () => {
  it.each([
    // [flag, enabled now, what the toggle sends, its button]
    ["enabled", true, "enabled=false", "Disable"],
    ["enabled", false, "enabled=true", "Enable"],
    ["disabled", true, "disabled=true", "Disable"],
    ["disabled", false, "disabled=false", "Enable"],
  ] as const)("with flag %s and enabled %s, the toggle sends %s on a %s button", (flag, enabled, sent, button) => {
    const html = renderToStaticMarkup(
      <ToggleDeleteControls
        record={{ ruleId: "r1" }}
        flag={flag}
        enabled={enabled}
        toggleAction={action}
        deleteAction={action}
        confirmDelete="Delete?"
      />,
    );
    // The toggle's form sends the record and the flag; the delete form only the record.
    expect(hidden(html)).toEqual(["ruleId=r1", sent, "ruleId=r1"]);
    expect(html).toMatch(new RegExp(`type="submit">${button}</button>`));
    expect(html).toMatch(/type="submit">Delete<\/button>/);
  });

  it("names both buttons after the record when given a name, for a list of many", () => {
    const html = renderToStaticMarkup(
      <ToggleDeleteControls
        record={{ ruleId: "r1" }}
        flag="enabled"
        enabled
        toggleAction={action}
        deleteAction={action}
        confirmDelete="Delete?"
        name="acme"
      />,
    );
    expect(html).toContain('aria-label="Disable acme"');
    expect(html).toContain('aria-label="Delete acme"');
  });
});
