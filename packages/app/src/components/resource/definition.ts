import type {
  CreatableResource,
  DeletableResource,
  DetailResource,
  PagedResource,
  UpdatableResource,
} from '@anaquel/api';
import type { DataTableColumnDef, ModalSize } from '@anaquel/ui';
import type { ComponentType } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { EntityLabels } from './labels';

/** A master-data resource with the whole generic pattern: paged, detail, create, update, delete. */
export type MasterResource = PagedResource &
  DetailResource &
  UpdatableResource &
  DeletableResource &
  CreatableResource;

/** The permission suffix of a resource: VIEW_, CREATE_, UPDATE_ and DELETE_ + this. */
export type PermissionBase =
  | 'PROFILES'
  | 'BRANDS'
  | 'CATEGORIES'
  | 'SUBCATEGORIES'
  | 'CLIENTS'
  | 'POINTOFSALES'
  | 'PRODUCTS'
  | 'REGIONS'
  | 'USERS'
  | 'CAMPAIGNS';

/** What a form's fields component receives. */
export interface FormFieldsProps<Values extends FieldValues> {
  /** The react-hook-form instance (control, watch, setValue...). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<Values, any, any>;
  /** 'create' or 'edit' (e.g. a password asked only on create). */
  mode: FormMode;
}

export type FormMode = 'create' | 'edit';

/**
 * The form of a resource. `Values` are the form's field values (what the inputs hold); the
 * schema turns them into `Output`, which `toBody` maps to the contract's request body.
 */
export interface ResourceForm<Values extends FieldValues, Output, Detail> {
  /** zod schema with the spec's messages (may depend on the mode). */
  schema: z.ZodType<Output, Values> | ((mode: FormMode) => z.ZodType<Output, Values>);
  /** Values of a new record (spec 2 §4: isActive true). */
  defaults: () => Values;
  /** Values of an existing record from `GET {resource}/{id}`. */
  fromDetail: (detail: Detail) => Values;
  /** The request body of POST / PUT. */
  toBody: (values: Output, mode: FormMode) => unknown;
  /** The fields, laid out (use the Form* adapters of this folder). */
  Fields: ComponentType<FormFieldsProps<Values>>;
  /** Modal width (spec 2 §2: profiles xl); default 'md'. */
  size?: ModalSize;
  /** Send as multipart/form-data (products, users). */
  multipart?: boolean;
  /** Server field name -> form field, when they differ (matched case-insensitively otherwise). */
  fieldMap?: Partial<Record<string, FieldPath<Values>>>;
}

/** An extra row button: an icon link to another screen (relation editors). */
export interface RowLink<Row> {
  /** Where it goes ('/clients/7/products'). */
  href: (row: Row) => string;
  /** Accessible name and tooltip from the row's name ('Productos de Coca-Cola'). */
  label: (name: string) => string;
  icon: ComponentType<{ className?: string }>;
}

/** An extra row button that acts on the row in place (e.g. opens a modal of the screen). */
export interface RowButton<Row> {
  /** Accessible name and tooltip from the row's name ('Cambiar Contraseña de Ana López'). */
  label: (name: string) => string;
  icon: ComponentType<{ className?: string }>;
  /** The code the user must hold to see it ('CHANGE_PASSWORD_USERS'); none: always shown. */
  permission?: string;
  onPress: (row: Row) => void;
}

/** Everything the one list page needs to know about a resource. */
export interface ResourceDefinition<
  Row extends { id: number },
  Values extends FieldValues = FieldValues,
  Output = unknown,
  Detail = unknown,
> {
  /** API path ('/brands'). */
  resource: MasterResource;
  labels: EntityLabels;
  permission: PermissionBase;
  /** Columns (spec 2 §2), from ./columns. Keep the array stable (module level). */
  columns: DataTableColumnDef<Row>[];
  /** The row's name for the buttons' accessible names ('Editar Coca-Cola'). */
  rowName: (row: Row) => string;
  /** Extra buttons per row, e.g. links to the relation editors. */
  rowLinks?: readonly RowLink<Row>[];
  /** Extra buttons per row that act in place, after the links (keep the array stable). */
  rowButtons?: readonly RowButton<Row>[];
  form: ResourceForm<Values, Output, Detail>;
}

/** Identity with inference: `export const brands = defineResource<Brand, ...>({...})`. */
export function defineResource<
  Row extends { id: number },
  Values extends FieldValues,
  Output,
  Detail,
>(definition: ResourceDefinition<Row, Values, Output, Detail>) {
  return definition;
}
