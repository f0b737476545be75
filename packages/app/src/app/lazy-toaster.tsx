import { toast } from '@anaquel/ui';
import { useEffect, useState, type ComponentType } from 'react';

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** Fetches (once) the toaster's code; a failed fetch is retried on the next call. */
export function loadToaster(): Promise<ComponentType> {
  loading ??= import('./toaster-module').then(
    ({ Toaster }) => (loaded = Toaster),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The toaster of the sign-in boot (sign-in-app.tsx), fetched with the first toast (or before, by
 * `loadToaster` when the form is sent): until a toast is queued it renders nothing, as the
 * toaster itself does (react-aria's region only exists while it shows toasts), and its code
 * (react-aria's toast region and landmark, about 5 KB compressed) stays off the sign-in route.
 */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (Toaster) return;
    let active = true;
    const load = () =>
      loadToaster().then(
        (component) => active && setToaster(() => component),
        () => undefined,
      );
    const unsubscribe = toast.queue.subscribe(load);
    if (toast.queue.visibleToasts.length > 0) void load();
    return () => {
      active = false;
      unsubscribe();
    };
  }, [Toaster]);
  return Toaster ? <Toaster /> : null;
}
