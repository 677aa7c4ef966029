import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/action-state";
import { ActionButtonForm } from "./action-button-form";

const action = async (): Promise<ActionState> => ({ status: "ok", message: "Done." });

describe("ActionButtonForm", () => {
  it("names the form, sends what it acts on as hidden inputs and submits with the button", () => {
    const html = renderToStaticMarkup(
      <ActionButtonForm
        action={action}
        label="Re-check now"
        hidden={{ versionId: "v1" }}
        testId="recheck-result"
        pendingLabel="Re-checking…"
      >
        Re-check now
      </ActionButtonForm>,
    );
    expect(html).toMatch(/<form class="space-y-3" aria-label="Re-check now"/);
    expect(html).toContain('<input type="hidden" name="versionId" value="v1"/>');
    expect(html).toMatch(/<button [^>]*type="submit">Re-check now<\/button><\/form>/);
    // Idle: no answer to show yet.
    expect(html).not.toContain("recheck-result");
  });

  it("sets extra controls beside the button, in one row", () => {
    const html = renderToStaticMarkup(
      <ActionButtonForm
        action={action}
        label="Label more"
        hidden={{}}
        testId="t"
        pendingLabel="Drawing…"
        className="space-y-2"
        controls={<input name="size" />}
      >
        Draw
      </ActionButtonForm>,
    );
    expect(html).toMatch(/class="space-y-2"/);
    expect(html).toMatch(
      /<div class="flex flex-wrap items-end gap-3"><input name="size"\/><button [^>]*type="submit">Draw<\/button><\/div>/,
    );
  });
});
