export { MOBILE_MEDIA_QUERY, Sidebar, type SidebarProps } from './Sidebar';
export { SidebarContext, useSidebar, type SidebarContextValue } from './sidebar-context';
