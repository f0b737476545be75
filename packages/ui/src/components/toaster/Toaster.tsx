import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import {
  AlertTriangleIcon,
  CheckCircleIcon,
  CloseIcon,
  type Icon,
  InfoIcon,
  XCircleIcon,
} from '../../icons';
import { focusRing } from '../../lib/styles';
import { type ToastApi, type ToastKind, toast as defaultToast } from './toast-queue';

const toastStyles = tv({
  extend: focusRing,
  // Click-through: a toast may sit over an action (the designer's 'Vista previa' under the toast
  // of each move), and a click aimed at that action must not land on the message for 5 s. Only
  // the close button takes clicks; keyboard users reach the toast with F6 as before.
  base: 'pointer-events-none flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg animate-toast-in sm:w-96',
  variants: {
    kind: {
      success: 'border-success bg-success-soft text-success-soft-fg',
      error: 'border-danger bg-danger-soft text-danger-soft-fg',
      warning: 'border-warning bg-warning-soft text-warning-soft-fg',
      info: 'border-info bg-info-soft text-info-soft-fg',
    },
  },
});

const icons: Record<ToastKind, Icon> = {
  success: CheckCircleIcon,
  error: XCircleIcon,
  warning: AlertTriangleIcon,
  info: InfoIcon,
};

/** Spoken before the message so the kind is not conveyed by colour alone. */
const kindNames: Record<ToastKind, string> = {
  success: 'Éxito',
  error: 'Error',
  warning: 'Advertencia',
  info: 'Información',
};

export interface ToasterProps {
  /** Toast API whose queue is shown (default: the shared `toast`). */
  api?: ToastApi;
}

/**
 * Renders the toasts of `toast` below the header at the right (at the bottom on phones; react-aria
 * `ToastRegion`: a landmark named 'Notificaciones', F6 moves focus into it, each toast is
 * announced). Mount it once in the app root. Toasts close after 5000 ms (paused while the close
 * button is hovered or the toast focused) or with their 'Cerrar notificación' button. Clicks on a
 * toast's message go through to what is under it; only the close button takes them.
 */
export function Toaster({ api = defaultToast }: ToasterProps) {
  return (
    <ToastRegion
      queue={api.queue}
      aria-label="Notificaciones"
      // Never over the header (its menu and theme buttons stay usable while a toast shows): along
      // the bottom edge on phones, at the top right just below the header from `sm` on.
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[110] flex flex-col items-end gap-2 outline-none sm:bottom-auto sm:left-auto sm:top-[calc(var(--spacing-header)+0.75rem)]"
    >
      {({ toast }) => {
        const Icon = icons[toast.content.kind];
        return (
          <Toast toast={toast} className={(rp) => toastStyles({ ...rp, kind: toast.content.kind })}>
            <Icon className="mt-0.5 size-5" />
            <ToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
              {toast.content.title ? (
                <Text slot="title" className="font-semibold">
                  <span className="sr-only">{kindNames[toast.content.kind]}: </span>
                  {toast.content.title}
                </Text>
              ) : (
                <Text slot="title" className="sr-only">
                  {kindNames[toast.content.kind]}
                </Text>
              )}
              <Text slot="description" className="break-words">
                {toast.content.message}
              </Text>
            </ToastContent>
            <Button
              slot="close"
              aria-label="Cerrar notificación"
              className={(rp) =>
                focusRing({
                  ...rp,
                  className:
                    'pointer-events-auto -mr-1 flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md data-hovered:bg-black/10 dark:data-hovered:bg-white/10',
                })
              }
            >
              <CloseIcon className="size-4" />
            </Button>
          </Toast>
        );
      }}
    </ToastRegion>
  );
}
