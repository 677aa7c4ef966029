import { cx } from "./cx";

export type Tone = "primary" | "secondary" | "danger" | "ghost";

const tones: Record<Tone, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300",
  secondary: "bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:text-stone-400",
  danger: "bg-white text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:text-red-300",
  ghost: "text-stone-700 hover:bg-stone-100 disabled:text-stone-400",
};

export function buttonClass(tone: Tone = "primary", size: "sm" | "md" = "md") {
  return cx(
    "inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed",
    size === "sm" ? "px-2.5 py-1 text-sm" : "px-3.5 py-2 text-sm",
    tones[tone],
  );
}
