import { createContext, useContext } from 'react';

export interface SidebarContextValue {
  /** True when the sidebar is collapsed to icons (closed on tablet/desktop). */
  isCollapsed: boolean;
}

export const SidebarContext = createContext<SidebarContextValue>({ isCollapsed: false });

/** Whether the surrounding Sidebar shows icons only. */
export function useSidebar(): SidebarContextValue {
  return useContext(SidebarContext);
}
