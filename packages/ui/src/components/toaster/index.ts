export { Toaster, type ToasterProps } from './Toaster';
export {
  ERROR_TOAST_DEDUPE_MS,
  TOAST_TIMEOUT_MS,
  createToastApi,
  toast,
  type ShowToastOptions,
  type ToastApi,
  type ToastData,
  type ToastKind,
} from './toast-queue';
