import { useCallback, useEffect, useState } from 'react';
import { FIELD_APP_PATH } from '../lib/field-app';

// The field app's own addresses, under /campo (the server answers campo.html for all of them).

/** Today's list. */
export const TODAY_PATH = FIELD_APP_PATH;

/** The outbox: the visits waiting to be sent, and today's sent ones. */
export const PENDING_PATH = '/campo/pendientes';

/** The outbox with the sign-out's confirmation open (today's header's 'Cerrar sesión'). */
export const SIGN_OUT_PATH = '/campo/cerrar-sesion';

/** The check-in at a point of sale. */
export function checkInHref(pointOfSaleId: number): string {
  return `/campo/punto/${pointOfSaleId}`;
}

/** What a visit's address shows: its surveys, one survey (by 'surveyId:productId'), the check-out. */
export type VisitView =
  { kind: 'overview' } | { kind: 'survey'; key: string } | { kind: 'check-out' };

/** A visit being captured: its overview, one of its surveys, or its check-out. */
export function visitHref(uuid: string, view: VisitView = { kind: 'overview' }): string {
  const base = `/campo/visita/${uuid}`;
  if (view.kind === 'check-out') return `${base}/salida`;
  if (view.kind === 'overview') return base;
  const [surveyId, productId] = view.key.split(':');
  return `${base}/cuestionario/${surveyId}${productId ? `/producto/${productId}` : ''}`;
}

/** What an address of the field app shows. */
export type FieldPage =
  | { name: 'today' }
  | { name: 'pending'; signOut?: boolean }
  | { name: 'check-in'; pointOfSaleId: number }
  | { name: 'visit'; uuid: string; view: VisitView };

const VISIT_PATH =
  /^\/campo\/visita\/([0-9a-f-]{36})(?:\/(salida)|\/cuestionario\/(\d+)(?:\/producto\/(\d+))?)?\/?$/i;

function pageAt(pathname: string): FieldPage {
  if (/^\/campo\/pendientes\/?$/i.test(pathname)) return { name: 'pending' };
  if (/^\/campo\/cerrar-sesion\/?$/i.test(pathname)) return { name: 'pending', signOut: true };
  const checkIn = /^\/campo\/punto\/(\d+)\/?$/i.exec(pathname);
  if (checkIn) return { name: 'check-in', pointOfSaleId: Number(checkIn[1]) };
  const visit = VISIT_PATH.exec(pathname);
  if (visit) {
    const [, uuid = '', checkOut, surveyId, productId] = visit;
    const view: VisitView = checkOut
      ? { kind: 'check-out' }
      : surveyId
        ? { kind: 'survey', key: `${surveyId}:${productId ?? ''}` }
        : { kind: 'overview' };
    return { name: 'visit', uuid: uuid.toLowerCase(), view };
  }
  return { name: 'today' };
}

/**
 * The page at the current address, and a navigate that pushes a new one (the browser's back
 * button returns). No router: two pages do not need one, and the bundle stays small.
 */
export function useFieldPage(): [FieldPage, (to: string) => void] {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // One function for the page's life: the RouterProvider it feeds is a context every link
  // reads, and a new navigate would re-render all of today's rows at every render of the app.
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPathname(new URL(to, window.location.origin).pathname);
    window.scrollTo({ top: 0 });
  }, []);
  return [pageAt(pathname), navigate];
}
