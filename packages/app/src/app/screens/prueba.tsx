/** `/prueba`: the placeholder test page (spec 1 §2). */
export default function PruebaPage() {
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold text-fg">Página de Prueba</h1>
      <p className="text-fg-muted">Esta página sirve para probar la navegación y el diseño.</p>
    </section>
  );
}
