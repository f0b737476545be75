export * from './auth-store';
export * from './modal-store';
export * from './sidebar-store';
export * from './survey-store';
export * from './theme-store';
