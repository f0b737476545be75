/** `id` of the side menu, which the header's toggle controls (a module of its own: lazy-sidebar.tsx). */
export const SIDEBAR_ID = 'app-sidebar';
