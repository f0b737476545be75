// Public API of @anaquel/ui: one export line per component folder, alphabetical.
export * from './components/avatar';
export * from './components/badge';
export * from './components/button';
export * from './components/data-table';
export * from './components/empty-state';
export * from './components/link';
export * from './components/loading-overlay';
export * from './components/pagination';
export * from './components/spinner';
export * from './components/yes-no';
export * from './icons';
export { composeTailwindRenderProps, focusRing } from './lib/styles';
