"use client";

import { startTransition, type FormEvent } from "react";

/**
 * Form props that submit to a server action without React's automatic form reset, so a form that
 * comes back with errors keeps what the person typed (React 19 resets uncontrolled fields after an
 * action). Spread them on the form: `<form {...keepValuesOnSubmit(formAction)}>`.
 *
 * `action` is there for the moment before hydration: without it a click on a slow page submits the
 * form natively as a GET to the page itself (the fields end up in the address bar and nothing
 * happens); with it the browser posts to the server action, which Next answers with the form's
 * state. After hydration `onSubmit` prevents that default, and React, seeing a transition started
 * in the handler, runs no action of its own and so resets nothing.
 */
export function keepValuesOnSubmit(dispatch: (data: FormData) => void) {
  return {
    action: dispatch,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      startTransition(() => dispatch(data));
    },
  };
}
