// Apart from the screens so the sign-in can leave for the field app and its tests can see it.

/** The promoters' field app: its own page (campo.html, docs/field-app.md), not a route. */
export const FIELD_APP_PATH = '/campo';

/** Leaves for the field app with a page load, in place of the current page (as a redirect). */
export function openFieldApp(): void {
  window.location.replace(FIELD_APP_PATH);
}
