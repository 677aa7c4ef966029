import Link from "next/link";
import { buttonClass, type Tone } from "./button-class";
import { cx } from "./cx";

export { buttonClass } from "./button-class";
export { Button, PlainButton } from "./script-button";

export function LinkButton({
  tone = "secondary",
  size = "md",
  className,
  ...props
}: React.ComponentProps<typeof Link> & { tone?: Tone; size?: "sm" | "md" }) {
  return <Link className={cx(buttonClass(tone, size), className)} {...props} />;
}
