import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '../../lib/use-media-query';
import type * as AppSidebarModule from './app-sidebar';

let loaded: typeof AppSidebarModule | null = null;

/** The side menu's module (its disclosures, tooltips, user card and menu); fetched once. */
export async function loadAppSidebar(): Promise<typeof AppSidebarModule> {
  loaded ??= await import('./app-sidebar');
  return loaded;
}

/** Whether the side menu shows at load: from tablet up; on a phone it is a closed drawer. */
export function sidebarShownAtLoad(): boolean {
  return window.matchMedia(`(min-width: ${BREAKPOINTS.tablet}px)`).matches;
}

/**
 * The shell's side menu. From tablet up the shell's route loads its code with the shell, so it is
 * there at the first render. On a phone the drawer is closed at load: its code is fetched when the
 * menu button is pointed at, focused or pressed (shell-layout.tsx) and the drawer is rendered when
 * first opened, so neither is part of the page's first paint.
 */
export function ShellSidebar(props: AppSidebarModule.AppSidebarProps) {
  const [module, setModule] = useState(() => loaded);
  const [needed, setNeeded] = useState(props.isOpen);
  if (props.isOpen && !needed) setNeeded(true);
  useEffect(() => {
    if (module || !needed) return;
    let active = true;
    loadAppSidebar().then(
      (loadedModule) => active && setModule(loadedModule),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [module, needed]);
  if (!module || !needed) return null;
  return <module.AppSidebar {...props} />;
}
