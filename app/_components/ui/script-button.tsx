"use client";

import { cx } from "./cx";
import { buttonClass, type Tone } from "./button-class";
import { useHydrated } from "./use-hydrated";

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { needsScript?: boolean };

/**
 * A button whose work is done by script (an `onClick`, or a submit that a form's `onSubmit` handles: `needsScript`)
 * is disabled until the page has hydrated: before that a click is lost without a word, for a reviewer on a slow
 * page as for a test on a loaded machine, and people and Playwright both wait for an enabled button. A plain submit
 * to a server action works before hydration (React posts the form), so it is never held.
 */
export function PlainButton({ needsScript, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  const waits = (needsScript ?? (props.onClick !== undefined && props.type !== "submit")) && !hydrated;
  return <button disabled={disabled || waits} {...props} />;
}

/** The app's button, in one of its tones; held until hydration as PlainButton says. */
export function Button({ tone = "primary", size = "md", className, ...props }: ButtonProps & { tone?: Tone; size?: "sm" | "md" }) {
  return <PlainButton className={cx(buttonClass(tone, size), className)} {...props} />;
}
