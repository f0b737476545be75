import { describe, expect, it } from 'vitest';
import { entityTexts } from './labels';

describe('entityTexts (spec 2 §2, §8)', () => {
  it('speaks of a feminine entity with la/creada', () => {
    const texts = entityTexts({ singular: 'marca', plural: 'marcas', feminine: true });
    expect(texts).toMatchObject({
      title: 'Gestión de marcas',
      add: 'Agregar marca',
      confirmDelete:
        '¿Estás seguro de que deseas eliminar la marca? Esta acción no se puede deshacer.',
      created: 'Marca creada exitosamente.',
      updated: 'Marca actualizada exitosamente.',
      deleted: 'Marca eliminada exitosamente.',
      createFailed: 'Error al crear la marca.',
      updateFailed: 'Error al actualizar la marca.',
      deleteFailed: 'Error al eliminar la marca.',
    });
    expect(texts.editRow('Coca-Cola')).toBe('Editar Coca-Cola');
    expect(texts.deleteRow('Coca-Cola')).toBe('Eliminar Coca-Cola');
  });

  it('speaks of a masculine entity with el/creado', () => {
    const texts = entityTexts({
      singular: 'punto de venta',
      plural: 'puntos de venta',
      feminine: false,
    });
    expect(texts).toMatchObject({
      title: 'Gestión de puntos de venta',
      add: 'Agregar punto de venta',
      confirmDelete:
        '¿Estás seguro de que deseas eliminar el punto de venta? Esta acción no se puede deshacer.',
      created: 'Punto de venta creado exitosamente.',
      updated: 'Punto de venta actualizado exitosamente.',
      deleted: 'Punto de venta eliminado exitosamente.',
      createFailed: 'Error al crear el punto de venta.',
      deleteFailed: 'Error al eliminar el punto de venta.',
    });
  });
});
