import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, PlainButton } from "./script-button";

// The server's markup is what a browser shows until React hydrates: a button that only script can act on must
// arrive disabled there, or a click on it is lost without a word (e2e/workbench.spec.ts, CI under load).
// Once hydrated, useHydrated() is true and the button is enabled; the e2e specs click these buttons after that.
describe("Button before hydration", () => {
  it("holds a button whose work is an onClick", () => {
    expect(renderToStaticMarkup(<Button onClick={() => {}}>Fail</Button>)).toMatch(/^<button disabled="" [^>]*>Fail<\/button>$/);
    expect(
      renderToStaticMarkup(
        <PlainButton type="button" onClick={() => {}}>
          Show all
        </PlainButton>,
      ),
    ).toBe('<button disabled="" type="button">Show all</button>');
  });

  it("holds a submit that a form's onSubmit handles (needsScript)", () => {
    expect(
      renderToStaticMarkup(
        <Button type="submit" needsScript>
          Estimate
        </Button>,
      ),
    ).toMatch(/disabled=""/);
  });

  it("never holds a plain submit: a server action's form posts before hydration", () => {
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).not.toContain('disabled=""');
    expect(
      renderToStaticMarkup(
        <Button type="submit" onClick={() => {}}>
          Save
        </Button>,
      ),
    ).not.toContain('disabled=""');
    expect(renderToStaticMarkup(<Button>Nothing to do</Button>)).not.toContain('disabled=""');
  });

  it("keeps a button the caller disabled, disabled", () => {
    expect(
      renderToStaticMarkup(
        <Button type="submit" disabled>
          Save
        </Button>,
      ),
    ).toMatch(/disabled=""/);
  });
});
