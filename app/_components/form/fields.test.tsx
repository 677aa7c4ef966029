import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ActionState } from "@/lib/action-state";
import { ActionAlert, fieldErrorsOf } from "./action-alert";
import { CheckboxField, FieldErrors, HiddenFields, SelectField, SubmitButton, TextAreaField, TextField } from "./fields";

describe("form fields", () => {
  it("labels the input by its id and shows the hint while there is no error", () => {
    const html = renderToStaticMarkup(<TextField id="judge-model" name="model" label="Pinned model id" hint="A dated snapshot." />);
    expect(html).toContain('<label for="judge-model"');
    expect(html).toMatch(/<input id="judge-model"[^>]* name="model"/);
    expect(html).toContain("A dated snapshot.");
    expect(html).not.toContain("aria-invalid=");
    expect(html).not.toContain("aria-describedby=");
  });

  it("marks an input with errors invalid and describes it by the error, which replaces the hint", () => {
    const html = renderToStaticMarkup(
      <TextField id="email" name="email" label="Email" hint="Your login." errors={["Enter an email.", "Too long."]} />,
    );
    expect(html).toMatch(/<input id="email"[^>]* aria-invalid="true" aria-describedby="email-error"/);
    expect(html).toContain('<p id="email-error" class="text-xs font-medium text-red-700" role="alert">Enter an email. Too long.</p>');
    expect(html).not.toContain("Your login.");
  });

  it("adds its own classes to the input's and passes every other attribute through", () => {
    const html = renderToStaticMarkup(
      <TextAreaField id="t" name="promptTemplate" label="Prompt template" rows={14} className="font-mono" defaultValue="x" />,
    );
    expect(html).toMatch(/<textarea id="t" class="[^"]*ring-stone-300[^"]* font-mono" name="promptTemplate" rows="14">x<\/textarea>/);
  });

  it("puts the placeholder choice first in a select, with an empty value", () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="queue-run"
        name="runId"
        label="Run"
        placeholder="Choose a run…"
        defaultValue=""
        options={[{ value: "r1", label: "Run 1" }]}
      />,
    );
    expect(html).toMatch(
      /<select id="queue-run"[^>]*><option value="" selected="">Choose a run…<\/option><option value="r1">Run 1<\/option><\/select>/,
    );
  });

  it("wraps a checkbox in its label, and shows a group's errors as an alert (nothing without errors)", () => {
    expect(renderToStaticMarkup(<CheckboxField name="bothOrders" label="Judge both orders" />)).toMatch(
      /^<label class="[^"]*"><input type="checkbox" class="[^"]*" name="bothOrders"\/>Judge both orders<\/label>$/,
    );
    expect(renderToStaticMarkup(<FieldErrors errors={["Pick one."]} />)).toContain('role="alert">Pick one.</p>');
    expect(renderToStaticMarkup(<FieldErrors errors={[]} />)).toBe("");
  });

  it("disables the submit button while pending and says what it is doing", () => {
    expect(
      renderToStaticMarkup(
        <SubmitButton pending={false} pendingLabel="Saving…">
          Save
        </SubmitButton>,
      ),
    ).toMatch(/<button[^>]*type="submit"[^>]*>Save<\/button>/);
    const busy = renderToStaticMarkup(
      <SubmitButton pending pendingLabel="Saving…">
        Save
      </SubmitButton>,
    );
    expect(busy).toContain('disabled=""');
    expect(busy).toContain(">Saving…</button>");
  });
});

describe("ActionAlert", () => {
  const refused: ActionState = { status: "error", code: 422, message: "Fix the fields.", fieldErrors: { name: ["Required."] } };

  it("shows a refusal as an alert and a confirmation as a status, each under its test id", () => {
    expect(renderToStaticMarkup(<ActionAlert state={refused} testId="r" errorTestId="e" />)).toMatch(
      /role="alert"[^>]*data-testid="e">Fix the fields.</,
    );
    expect(renderToStaticMarkup(<ActionAlert state={{ status: "ok", message: "Saved." }} testId="r" />)).toMatch(
      /role="status"[^>]*data-testid="r">Saved.</,
    );
  });

  it("shows nothing while idle, for a confirmation without a message, or when confirmations are off", () => {
    expect(renderToStaticMarkup(<ActionAlert state={{ status: "idle" }} />)).toBe("");
    expect(renderToStaticMarkup(<ActionAlert state={{ status: "ok" }} />)).toBe("");
    expect(renderToStaticMarkup(<ActionAlert state={{ status: "ok", message: "Saved." }} success={false} />)).toBe("");
  });

  it("sends each defined value as a hidden input and leaves an undefined one out", () => {
    const html = renderToStaticMarkup(<HiddenFields values={{ versionId: "v1", queueId: undefined, note: "" }} />);
    expect(html).toBe('<input type="hidden" name="versionId" value="v1"/><input type="hidden" name="note" value=""/>');
  });

  it("reads field errors only from a refusal", () => {
    expect(fieldErrorsOf(refused)).toEqual({ name: ["Required."] });
    expect(fieldErrorsOf({ status: "ok", message: "Saved." })).toEqual({});
  });
});
