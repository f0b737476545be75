import { entityTexts } from '../../components/resource/labels';

// The Spanish of the survey screens (spec 2 §2, §8), one place per entity.

export const segmentTexts = {
  ...entityTexts({ singular: 'segmento', plural: 'segmentos', feminine: false }),
  // spec 2 §4, §8: moves of a segment.
  movedUp: 'Segmento subido exitosamente.',
  movedDown: 'Segmento bajado exitosamente.',
  moveUpFailed: 'Error al subir el segmento.',
  moveDownFailed: 'Error al bajar el segmento.',
};
export const questionTexts = {
  ...entityTexts({ singular: 'pregunta', plural: 'preguntas', feminine: true }),
  movedUp: 'Pregunta subida exitosamente.',
  movedDown: 'Pregunta bajada exitosamente.',
  moveUpFailed: 'Error al subir la pregunta.',
  moveDownFailed: 'Error al bajar la pregunta.',
};
const optionBase = entityTexts({
  singular: 'opción múltiple',
  plural: 'opciones múltiples',
  feminine: true,
});
export const optionTexts = {
  ...optionBase,
  // spec 2 §8: 'Opción múltiple agregada/actualizada/eliminada exitosamente.', 'Error al agregar
  // la opción.', 'Error al subir/bajar la opción.'
  created: 'Opción múltiple agregada exitosamente.',
  createFailed: 'Error al agregar la opción.',
  updateFailed: 'Error al actualizar la opción.',
  deleteFailed: 'Error al eliminar la opción.',
  createTitle: 'Agregar opción',
  editTitle: 'Editar opción',
  deleteTitle: 'Eliminar opción',
  confirmDelete:
    '¿Estás seguro de que deseas eliminar la opción? Esta acción no se puede deshacer.',
  movedUp: 'Opción múltiple subida exitosamente.',
  movedDown: 'Opción múltiple bajada exitosamente.',
  moveUpFailed: 'Error al subir la opción.',
  moveDownFailed: 'Error al bajar la opción.',
};
export const duplicateTexts = {
  done: 'Cuestionario duplicado exitosamente.',
  failed: 'Error al duplicar el cuestionario.',
};
