import { Link } from '@anaquel/ui';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <p className="text-6xl font-bold text-brand dark:text-link" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold text-fg">Página no encontrada</h1>
      <p className="text-fg-muted">La página que buscas no existe o fue movida.</p>
      <Link href="/" variant="primary">
        Volver al inicio
      </Link>
    </div>
  );
}
