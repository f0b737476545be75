// The Spanish a master-data screen shows, built from its entity's name and gender (spec 2 §2, §8).

/** How the screens name an entity. */
export interface EntityLabels {
  /** Lower-case singular: 'marca', 'punto de venta'. */
  singular: string;
  /** Lower-case plural: 'marcas', 'puntos de venta'. */
  plural: string;
  /** Grammatical gender: 'la marca' / 'el cliente', 'creada' / 'creado'. */
  feminine: boolean;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every text of the list page, the form modal and the delete confirmation of one entity. */
export function entityTexts({ singular, plural, feminine }: EntityLabels) {
  const the = `${feminine ? 'la' : 'el'} ${singular}`;
  const done = (verb: 'cread' | 'actualizad' | 'eliminad') =>
    `${capitalize(singular)} ${verb}${feminine ? 'a' : 'o'} exitosamente.`;
  return {
    /** spec 2 §2: the page title. */
    title: `Gestión de ${plural}`,
    /** Accessible name of the table. */
    tableLabel: capitalize(plural),
    add: `Agregar ${singular}`,
    createTitle: `Agregar ${singular}`,
    editTitle: `Editar ${singular}`,
    /** Accessible names of the row buttons, with the row's name. */
    editRow: (name: string) => `Editar ${name}`,
    deleteRow: (name: string) => `Eliminar ${name}`,
    deleteTitle: `Eliminar ${singular}`,
    // spec 2 §8, verbatim.
    confirmDelete: `¿Estás seguro de que deseas eliminar ${the}? Esta acción no se puede deshacer.`,
    created: done('cread'),
    updated: done('actualizad'),
    deleted: done('eliminad'),
    createFailed: `Error al crear ${the}.`,
    updateFailed: `Error al actualizar ${the}.`,
    deleteFailed: `Error al eliminar ${the}.`,
  };
}

export type EntityTexts = ReturnType<typeof entityTexts>;
