"use client";

import { startTransition, type FormEvent } from "react";

/**
 * Submits a form to a server action without React's automatic form reset, so a form that comes
 * back with errors keeps what the person typed (React 19 resets uncontrolled fields after an action).
 */
export function keepValuesOnSubmit(dispatch: (data: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  };
}
