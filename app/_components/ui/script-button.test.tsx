import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, PlainButton } from "./script-button";

// The server's markup is what a browser shows until React hydrates: a button that only script can act on must
// arrive disabled there, or a click on it is lost without a word (e2e/workbench.spec.ts, CI under load).
// Once hydrated, useHydrated() is true and the button is enabled; the e2e specs click these buttons after that.
const held = (button: ReactElement) => renderToStaticMarkup(button).includes('disabled=""');
const onClick = () => {};

describe("Button before hydration", () => {
  it("holds a button whose work is an onClick", () => {
    expect(renderToStaticMarkup(<Button onClick={onClick}>Fail</Button>)).toMatch(/^<button disabled="" [^>]*>Fail<\/button>$/);
    expect(renderToStaticMarkup(<PlainButton type="button" onClick={onClick} children="Show all" />)).toBe(
      '<button disabled="" type="button">Show all</button>',
    );
  });

  it("holds a submit that a form's onSubmit handles (needsScript)", () => {
    expect(held(<Button type="submit" needsScript children="Estimate" />)).toBe(true);
  });

  it("never holds a plain submit: a server action's form posts before hydration", () => {
    expect(held(<Button type="submit">Save</Button>)).toBe(false);
    expect(held(<Button type="submit" onClick={onClick} children="Save" />)).toBe(false);
    expect(held(<Button>Nothing to do</Button>)).toBe(false);
  });

  it("keeps a button the caller disabled, disabled", () => {
    expect(held(<Button type="submit" disabled children="Save" />)).toBe(true);
  });
});
