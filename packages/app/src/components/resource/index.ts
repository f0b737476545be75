/**
 * The master-data screen pattern (spec 2 §2-§9, STYLE habit 5): ONE list page, ONE form modal and
 * ONE relation editor, driven by a per-resource definition. A resource screen is a definition
 * plus a one-line page:
 *
 * ```tsx
 * // features/brands/brands-page.tsx
 * export const brandsResource = defineResource({
 *   resource: '/brands',                                       // the contract's path
 *   labels: { singular: 'marca', plural: 'marcas', feminine: true }, // every text and its gender
 *   permission: 'BRANDS',                                      // VIEW_/CREATE_/UPDATE_/DELETE_BRANDS
 *   columns: namedColumns<Brand>(),                            // textColumn, flagColumn, dateColumn...
 *   rowName: (row: Brand) => row.name,                         // 'Editar Coca-Cola'
 *   rowLinks: [{ href: (row) => ..., label: (name) => ..., icon }], // optional extra row links
 *   rowButtons: [{ label, icon, permission, onPress: (row) => ... }], // optional in-place row buttons
 *   form: namedForm,                                           // or your own ResourceForm
 * });
 * export default function BrandsPage() {
 *   return <ResourceListPage definition={brandsResource} />;
 * }
 * ```
 *
 * Then add ONE entry to `privateScreens` (app/screen-table.ts, `anyOf: ['VIEW_BRANDS']`, `menu: {...}`):
 * the side menu is derived from it. The checklist: docs/adding-a-resource.md.
 *
 * The list page gives: h1 'Gestión de {plural}'; `GET {resource}/paged` from the table state
 * (Filter trimmed, Page = pageIndex + 1, PageSize, Sort via toApiSort, previous page kept while
 * the next loads; page back to 1 when filter, sort or size change); 'Agregar {singular}' with
 * CREATE_; 'Editar {name}' / 'Eliminar {name}' per row with UPDATE_ / DELETE_; the delete
 * confirmation and every toast of spec 2 §8 with the right gender; queries invalidated after
 * each mutation.
 *
 * A `ResourceForm` (see ./definition.ts) is: a zod `schema` with the spec's messages (or a
 * function of the mode), `defaults()` (isActive true), `fromDetail(detail)` for an edit (the modal
 * loads `GET {resource}/{id}`), `toBody(values, mode)`, a `Fields` component built from the
 * `Form*` Controller adapters (./form-fields.tsx), and optionally `size`, `multipart`, `fieldMap`.
 * The modal validates on change/blur/submit, shows an error once a field is touched, enables
 * 'Guardar' only when valid and changed, and puts the server's `validationErrors` on the fields.
 * Dropdowns load through `useOptions(resource, { errorMessage, serverSearch })`.
 *
 * Relation editors: `<RelationEditor config={...} />` with a `RelationEditorConfig` (see
 * features/relations for the six routes).
 */
export {
  defineResource,
  type FormFieldsProps,
  type FormMode,
  type MasterResource,
  type ResourceDefinition,
  type RowButton,
} from './definition';
export {
  PLACEHOLDERS,
  dateColumn,
  flagColumn,
  namedColumns,
  namesColumn,
  textColumn,
} from './columns';
export {
  FormDatePicker,
  FormImageUpload,
  FormMultiSelect,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextArea,
  FormTextField,
  type FormControl,
} from './form-fields';
export { type EntityLabels } from './labels';
export { NamedFields, namedForm, namedFromDetail, namedToBody } from './named-form';
export { RelationEditor, type RelationEditorConfig } from './relation-editor';
export { parseRouteId } from './route-id';
export { ResourceListPage } from './resource-list-page';
export { nameRule, nullIfEmpty } from './rules';
export {
  FormClientsMultiSelect,
  FormOptionsComboBox,
  FormOptionsMultiSelect,
} from './options-fields';
export { useOptions } from './use-options';
export { FilterComboBox } from './filter-combo-box';
export { FormModalFrame } from './form-modal-frame';
