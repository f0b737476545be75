// Public API of @anaquel/ui: one export line per component folder, alphabetical.
export * from './components/avatar';
export * from './components/badge';
export * from './components/button';
export * from './components/checkbox';
export * from './components/combo-box';
export * from './components/confirm-dialog';
export * from './components/data-table';
export * from './components/date-picker';
export * from './components/date-range-picker';
export * from './components/empty-state';
export * from './components/field';
export * from './components/header';
export * from './components/image-gallery';
export * from './components/image-upload';
export * from './components/link';
export * from './components/loading-overlay';
export * from './components/menu';
export * from './components/modal';
export * from './components/multi-select';
export * from './components/nav-group';
export * from './components/number-field';
export * from './components/pagination';
export * from './components/password-field';
export * from './components/password-strength-meter';
export * from './components/select';
export * from './components/sidebar';
export * from './components/spinner';
export * from './components/survey';
export * from './components/switch';
export * from './components/text-area';
export * from './components/text-field';
export * from './components/theme-menu';
export * from './components/toaster';
export * from './components/tooltip';
export * from './components/user-card';
export * from './components/yes-no';
export * from './format';
export * from './icons';
export {
  deferredModule,
  useAfterPaint,
  useOnReach,
  type DeferredModule,
  type Reach,
  type ReachedPart,
} from './lib/after-paint';
export { composeTailwindRenderProps, focusRing } from './lib/styles';
