import { useLayoutEffect, useRef } from 'react';

/**
 * A form that fails takes the person to its first error: after the errors are shown, the first control marked invalid
 * gets the focus (a screen reader reads its label and error). Give the returned ref to the `<form>`; call with the
 * form's errors, a new object each time they are set, so a second failed submit moves the focus again.
 *
 * A layout effect: the focus moves in the same commit that shows the errors, so nothing (a person's next key, a test
 * that waits for the error text) sees the errors shown with the focus still elsewhere. A passive effect left that
 * gap, and a CI run under load once read the focus in it (price-guide-page.test).
 */
export function useFirstErrorFocus<T extends HTMLElement = HTMLFormElement>(errors: object) {
  const form = useRef<T>(null);
  useLayoutEffect(() => {
    if (!Object.values(errors).some(Boolean)) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
