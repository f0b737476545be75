import { Link } from '@anaquel/ui';
import { useEffect } from 'react';
import { prefetchLater } from '../prefetch';
import { loadPendingScreen } from './outbox-page';

/** Today's way to the outbox: 'Pendientes de enviar (n)', n the visits not yet on the server. */
export function PendingLink({ count, href }: { count: number; href: string }) {
  useEffect(() => prefetchLater(loadPendingScreen), []);
  return (
    <Link
      href={href}
      variant={count > 0 ? 'primary' : 'secondary'}
      className="mt-2 flex min-h-12 w-full items-center justify-center text-base"
    >
      Pendientes de enviar ({count})
    </Link>
  );
}
