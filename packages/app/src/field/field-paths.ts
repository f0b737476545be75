import { useEffect, useState } from 'react';
import { FIELD_APP_PATH } from '../lib/field-app';

// The field app's own addresses, under /campo (the server answers campo.html for all of them).

/** Today's list. */
export const TODAY_PATH = FIELD_APP_PATH;

/** The check-in at a point of sale. */
export function checkInHref(pointOfSaleId: number): string {
  return `/campo/punto/${pointOfSaleId}`;
}

/** What an address of the field app shows. */
export type FieldPage = { name: 'today' } | { name: 'check-in'; pointOfSaleId: number };

function pageAt(pathname: string): FieldPage {
  const checkIn = /^\/campo\/punto\/(\d+)\/?$/i.exec(pathname);
  if (checkIn) return { name: 'check-in', pointOfSaleId: Number(checkIn[1]) };
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
  const navigate = (to: string) => {
    window.history.pushState(null, '', to);
    setPathname(new URL(to, window.location.origin).pathname);
    window.scrollTo({ top: 0 });
  };
  return [pageAt(pathname), navigate];
}
