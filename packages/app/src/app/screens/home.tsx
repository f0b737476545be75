import { Link } from '@anaquel/ui';
import { useAuthStore } from '../../stores/auth-store';

/** `/`: public home page (spec 1 §2) with the ways in. */
export default function HomePage() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-6 py-16 text-center sm:py-24">
      <img src="/favicon.svg" alt="" width={64} height={64} className="size-16" />
      <h1 className="text-4xl font-bold tracking-tight text-fg">Anaquel</h1>
      <p className="text-lg text-fg-muted">
        Administra catálogos, cuestionarios y visitas de promoción en punto de venta, y exporta
        reportes en Excel.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A signed-in visitor would only bounce back here from /login. */}
        {!isAuthenticated && (
          <Link href="/login" variant="primary">
            Iniciar Sesión
          </Link>
        )}
        <Link href="/dashboard" variant={isAuthenticated ? 'primary' : 'secondary'}>
          Ir al panel
        </Link>
      </div>
    </div>
  );
}
