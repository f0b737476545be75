import type {
  CreatableResource,
  CreateBody,
  CrudPermissionBase,
  DeletableResource,
  DetailData,
  DetailResource,
  PagedResource,
  PagedRow,
  UpdatableResource,
  UpdateBody,
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
export type PermissionBase = CrudPermissionBase;

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
 * How the form's output becomes the request body: one mapping for create and edit, or one per
 * mode when the contract's bodies differ (users: the password only on create).
 */
type BodyMapping<R extends MasterResource, Output> =
  | { toBody: (values: Output) => CreateBody<R> & UpdateBody<R> }
  | {
      toCreateBody: (values: Output) => CreateBody<R>;
      toUpdateBody: (values: Output) => UpdateBody<R>;
    };

/**
 * The form of a resource. `Values` are the form's field values (what the inputs hold); the
 * schema turns them into `Output`, which the body mapping turns into the contract's request body.
 * Multipart (products, users) follows from the contract; nothing to declare.
 */
export type ResourceForm<R extends MasterResource, Values extends FieldValues, Output> = {
  /** zod schema with the spec's messages (may depend on the mode). */
  schema: z.ZodType<Output, Values> | ((mode: FormMode) => z.ZodType<Output, Values>);
  /** Values of a new record (spec 2 §4: isActive true). */
  defaults: () => Values;
  /** Values of an existing record from `GET {resource}/{id}`. */
  fromDetail: (detail: DetailData<R>) => Values;
  /** The fields, laid out (use the Form* adapters of this folder). */
  Fields: ComponentType<FormFieldsProps<Values>>;
  /** Modal width (spec 2 §2: profiles xl); default 'md'. */
  size?: ModalSize;
  /** Server field name -> form field, when they differ (matched case-insensitively otherwise). */
  fieldMap?: Partial<Record<string, FieldPath<Values>>>;
} & BodyMapping<R, Output>;

/** An extra row button: an icon link to another screen (relation editors). */
interface RowLink<Row> {
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
  /** Whether a row offers it; default every row (e.g. not on the signed-in user's own row). */
  isShown?: (row: Row) => boolean;
  onPress: (row: Row) => void;
}

/** Everything the one list page needs to know about a resource, typed from its API path. */
export interface ResourceDefinition<
  R extends MasterResource,
  Values extends FieldValues = FieldValues,
  Output = unknown,
> {
  /** API path ('/brands'): rows, detail and bodies are the contract's types for it. */
  resource: R;
  labels: EntityLabels;
  permission: PermissionBase;
  /**
   * Columns (spec 2 §2), from ./columns; keep the array stable (module level). A column is
   * sortable when its id is in the list's `Sort` enum of the contract.
   */
  columns: DataTableColumnDef<PagedRow<R>>[];
  /** The row's name for the buttons' accessible names ('Editar Coca-Cola'). */
  rowName: (row: PagedRow<R>) => string;
  /** Extra buttons per row, e.g. links to the relation editors. */
  rowLinks?: readonly RowLink<PagedRow<R>>[];
  /** Extra buttons per row that act in place, after the links (keep the array stable). */
  rowButtons?: readonly RowButton<PagedRow<R>>[];
  /**
   * Whether a row offers 'Eliminar' (with the DELETE_ permission); default every row. E.g. no
   * one deletes their own user (the server refuses it too).
   */
  canDelete?: (row: PagedRow<R>) => boolean;
  /** Other resources whose queries refetch after a delete (a segment takes its questions). */
  invalidates?: readonly string[];
  form: ResourceForm<R, Values, Output>;
}

/** Identity with inference from the path: `export const brands = defineResource({ resource: '/brands', ... })`. */
export function defineResource<R extends MasterResource, Values extends FieldValues, Output>(
  definition: ResourceDefinition<R, Values, Output>,
) {
  return definition;
}
