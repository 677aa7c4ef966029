import type { ExtraDimension } from "../schemas/dimensions";

/**
 * The controls for a queue's further dimensions and the keys that work them, derived from the config
 * so no hotkey is kept by hand. One dimension at a time is "active" (highlighted); the digits pick its
 * values, N moves to the next dimension, Backspace clears the active one. The primary keeps its own
 * keys (P / F, A / B), which submit the label with whatever the further dimensions hold.
 */
export interface DimensionOption {
  value: string;
  /** The digit that picks it while its dimension is active; "" when it has none (past 9). */
  key: string;
  label: string;
}

export interface DimensionControl {
  name: string;
  type: ExtraDimension["type"];
  multi: boolean;
  /** The values to click or press; empty for a numeric range too wide for the digits (typed instead). */
  options: DimensionOption[];
  min?: number;
  max?: number;
}

export const NEXT_DIMENSION_KEY = "n";

export function dimensionControls(dimensions: readonly ExtraDimension[]): DimensionControl[] {
  return dimensions.map((d) => {
    if (d.type === "binary") {
      return {
        name: d.name,
        type: d.type,
        multi: false,
        options: [
          { value: "pass", key: "1", label: "Pass" },
          { value: "fail", key: "2", label: "Fail" },
        ],
      };
    }
    if (d.type === "categorical") {
      return {
        name: d.name,
        type: d.type,
        multi: d.multi,
        options: d.values.map((value, i) => ({ value, key: i < 9 ? String(i + 1) : "", label: value })),
      };
    }
    // A range inside 0–9 is picked by its own digit (tone 1-5: press 4 for 4); a wider one is typed.
    const digits = d.min >= 0 && d.max <= 9;
    return {
      name: d.name,
      type: d.type,
      multi: false,
      min: d.min,
      max: d.max,
      options: digits
        ? Array.from({ length: d.max - d.min + 1 }, (_, i) => String(d.min + i)).map((v) => ({ value: v, key: v, label: v }))
        : [],
    };
  });
}

export type DimensionState = Record<string, string | string[]>;

/**
 * What pressing a key does to the further dimensions: the new values and the new active index, or
 * null when the key means nothing here. A single choice moves on to the next dimension, so a
 * reviewer types "2 F" for "wrong tool, fail"; a multi-select stays put for more toggles.
 */
export function pressDimensionKey(
  controls: readonly DimensionControl[],
  state: { values: DimensionState; active: number },
  key: string,
): { values: DimensionState; active: number } | null {
  if (controls.length === 0) return null;
  if (key === NEXT_DIMENSION_KEY) return { values: state.values, active: (state.active + 1) % controls.length };
  const control = controls[state.active];
  if (!control) return null;
  if (key === "backspace") {
    const values = { ...state.values };
    delete values[control.name];
    return { values, active: state.active };
  }
  const option = control.options.find((o) => o.key === key);
  if (!option) return null;
  return {
    values: chooseValue(control, state.values, option.value),
    active: control.multi ? state.active : Math.min(state.active + 1, controls.length - 1),
  };
}

/** A click or key on one value: a single choice replaces (or clears when chosen again), a multi-select toggles. */
export function chooseValue(control: DimensionControl, values: DimensionState, value: string): DimensionState {
  const current = values[control.name];
  const next = { ...values };
  if (control.multi) {
    const chosen = Array.isArray(current) ? current : [];
    const toggled = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    if (toggled.length) next[control.name] = toggled;
    else delete next[control.name];
  } else if (current === value) {
    delete next[control.name];
  } else {
    next[control.name] = value;
  }
  return next;
}

/**
 * When the primary is itself picked with the digits (a graded queue) and further dimensions exist,
 * the primary joins the ring as its first dimension and Enter submits: the digits cannot both submit
 * the score and pick the other dimensions' values.
 */
export function primaryInRing(primaryName: string, choices: readonly DimensionOption[]): DimensionControl {
  return { name: primaryName, type: "numeric", multi: false, options: choices.map((c) => ({ ...c })) };
}

/** Whether a primary's keys are digits (graded): then it goes into the ring. */
export const primaryUsesDigits = (choices: readonly { key: string }[]) => choices.some((c) => /^\d$/.test(c.key));
