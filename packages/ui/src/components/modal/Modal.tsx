import { type ReactNode, useCallback, useState } from 'react';
import {
  Dialog,
  type DialogProps,
  Heading,
  Modal as RACModal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { CloseIcon } from '../../icons';
import { Button } from '../button';

/**
 * Modal body that scrolls when taller than the screen; only then it joins the tab order, so
 * keyboard users can scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
function ScrollBody({ children }: { children: ReactNode }) {
  const [isScrollable, setScrollable] = useState(false);
  const observe = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const update = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={observe}
      tabIndex={isScrollable ? 0 : undefined}
      className="min-h-0 flex-1 overflow-y-auto px-5 py-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus"
    >
      {children}
    </div>
  );
}

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'fullscreen';

const overlayStyles = tv({
  base: 'fixed inset-0 z-50 flex h-(--visual-viewport-height) w-full items-center justify-center bg-overlay data-entering:animate-overlay-in data-exiting:animate-overlay-out',
  variants: { isFullscreen: { true: '', false: 'p-4' } },
});

const modalStyles = tv({
  base: 'flex max-h-full w-full flex-col bg-surface text-fg shadow-xl outline-none data-entering:animate-modal-in data-exiting:animate-modal-out',
  variants: {
    size: {
      sm: 'max-w-sm rounded-xl',
      md: 'max-w-lg rounded-xl',
      lg: 'max-w-3xl rounded-xl',
      xl: 'max-w-5xl rounded-xl',
      xxl: 'max-w-7xl rounded-xl',
      fullscreen: 'h-full max-w-none rounded-none',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface ModalProps extends Omit<ModalOverlayProps, 'children' | 'className' | 'style'> {
  /** Heading of the dialog and its accessible name. Without it pass `aria-label`. */
  title?: ReactNode;
  /** Width: sm 24rem, md 32rem, lg 48rem, xl 64rem, xxl 80rem, fullscreen. */
  size?: ModalSize;
  /** Actions row at the bottom (e.g. 'Cancelar' and a submit button). */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Body; a function receives `close` to close the modal from inside. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Accessible name when there is no visible title. */
  'aria-label'?: string;
  /** `dialog` (default) or `alertdialog` for confirmations that need an answer. */
  role?: DialogProps['role'];
  /** Hide the 'Cerrar' button in the header. */
  hideCloseButton?: boolean;
}

/**
 * Modal dialog (react-aria `ModalOverlay` + `Modal` + `Dialog`): focus moves inside, is trapped
 * there and returns to the opener on close; Escape closes (unless `isKeyboardDismissDisabled`),
 * a click on the dimmed backdrop closes only when `isDismissable`. Closing plays a 0.4 s
 * animation before unmounting. Controlled with `isOpen`/`onOpenChange`, or placed inside a
 * react-aria `DialogTrigger`.
 */
export function Modal({
  title,
  size = 'md',
  footer,
  children,
  'aria-label': ariaLabel,
  role = 'dialog',
  hideCloseButton = false,
  ...props
}: ModalProps) {
  return (
    <ModalOverlay {...props} className={overlayStyles({ isFullscreen: size === 'fullscreen' })}>
      <RACModal className={modalStyles({ size })}>
        <Dialog
          role={role}
          aria-label={ariaLabel}
          className="flex max-h-[inherit] min-h-0 flex-1 flex-col outline-none"
        >
          {({ close }) => (
            <>
              {(title || !hideCloseButton) && (
                <header className="flex items-start gap-3 border-b border-border px-5 py-4">
                  {title && (
                    <Heading slot="title" className="flex-1 text-lg font-semibold text-fg">
                      {title}
                    </Heading>
                  )}
                  {!hideCloseButton && (
                    <Button
                      variant="icon"
                      size="sm"
                      aria-label="Cerrar"
                      onPress={close}
                      className="ml-auto -mr-1"
                    >
                      <CloseIcon className="size-4" />
                    </Button>
                  )}
                </header>
              )}
              <ScrollBody>{typeof children === 'function' ? children(close) : children}</ScrollBody>
              {footer && (
                <footer className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">
                  {typeof footer === 'function' ? footer(close) : footer}
                </footer>
              )}
            </>
          )}
        </Dialog>
      </RACModal>
    </ModalOverlay>
  );
}
