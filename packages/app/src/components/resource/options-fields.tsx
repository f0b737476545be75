import {
  optionPagesQueryOptions,
  optionsByIdsQueryOptions,
  type Option,
  type OptionPagesParams,
  type PagedOptionsResource,
} from '@anaquel/api';
import {
  ComboBox,
  MultiSelect,
  fieldErrorProps,
  type ComboBoxProps,
  type MultiSelectProps,
} from '@anaquel/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import type { FormControl } from './form-fields';

// THE dropdown of a record of another resource (issue 13, spec 2 §9): the first page of
// `GET {resource}/options` when opened, the next pages as the list scrolls (no cap on what can be
// reached), a server search from the third typed character, and the current value(s) always
// named, inactive ones marked '(inactivo)', through `Ids` when they are not among the loaded
// options. Every form's Categoría, Subcategoría, Marca, Perfil, Regiones, Clientes... use it.

/** spec 2 §8: how an inactive record is named in a dropdown or a chip. */
const INACTIVE_MARK = '(inactivo)';

/** The option as shown: inactive records carry INACTIVE_MARK. */
export function optionLabel(option: Option): Option {
  return option.isActive === false
    ? { ...option, name: `${option.name} ${INACTIVE_MARK}` }
    : option;
}

export interface OptionListConfig<R extends PagedOptionsResource> {
  /** spec 2 §8: 'Error al cargar las marcas' and similar, shown under the field on failure. */
  errorMessage: string;
  /** Filters of the resource's options (e.g. `{ categoryId }`). */
  params?: OptionPagesParams<R>;
  /** Do not load yet (e.g. until a category is chosen). */
  enabled?: boolean;
  /** The chosen ids: named through `Ids` when missing from the loaded pages. */
  selectedIds?: readonly number[];
}

export interface OptionList {
  /** Spread into a ComboBox or MultiSelect: items, paging and the server search. */
  fieldProps: {
    items: Option[];
    isLoading: boolean;
    isLoadingMore: boolean;
    onLoadMore?: () => void;
    onSearchChange: (search: string) => void;
  };
  /** The chosen options that are not among `items` (named through `Ids`). */
  selectedItems: Option[];
  /** The current server search ('' while none). */
  search: string;
  /** The load-failure text as an alert, or null (render it under the field). */
  error: ReactNode;
}

const NONE: Option[] = [];

/** The paged, searchable options of `resource` plus the names of the chosen ids. */
export function useOptionList<R extends PagedOptionsResource>(
  resource: R,
  { errorMessage, params, enabled = true, selectedIds = [] }: OptionListConfig<R>,
): OptionList {
  const [search, setSearch] = useState('');
  const pages = useInfiniteQuery({
    ...optionPagesQueryOptions(resource, {
      ...params,
      ...(search ? { Filter: search } : {}),
    } as OptionPagesParams<R>),
    enabled,
  });
  const items = useMemo(() => pages.data?.pages.flat() ?? NONE, [pages.data]);
  const loaded = useMemo(() => new Set(items.map((item) => item.id)), [items]);
  const missing = selectedIds.filter((id) => !loaded.has(id));
  const named = useQuery(optionsByIdsQueryOptions(resource, missing));
  const selectedItems = useMemo(() => (named.data ?? NONE).map(optionLabel), [named.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const failed = pages.isError || named.isError;
  return {
    fieldProps: {
      items,
      isLoading: pages.isFetching && !isFetchingNextPage,
      isLoadingMore: isFetchingNextPage,
      onLoadMore: hasNextPage
        ? () => {
            if (!isFetchingNextPage) void fetchNextPage();
          }
        : undefined,
      onSearchChange: (text: string) => setSearch(text.trim()),
    },
    selectedItems,
    search,
    error: failed ? (
      <p role="alert" className="text-sm text-danger">
        {errorMessage}
      </p>
    ) : null,
  };
}

interface ControlledProps<T extends FieldValues> {
  control: FormControl<T>;
  name: FieldPath<T>;
}

type Bound =
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'name'
  | 'ref'
  | 'isInvalid'
  | 'isTouched'
  | 'errorMessage'
  | 'items'
  | 'selectedItem'
  | 'selectedItems'
  | 'onSearchChange'
  | 'onLoadMore'
  | 'isLoadingMore'
  | 'isLoading';

type SourceProps<R extends PagedOptionsResource> = { resource: R } & OptionListConfig<R>;

const toId = (key: Key | null): number | null => (key === null ? null : Number(key));

/** A single choice of a record of `resource` (a numeric id, null while nothing is chosen). */
export function FormOptionsComboBox<T extends FieldValues, R extends PagedOptionsResource>({
  control,
  name,
  resource,
  errorMessage,
  params,
  enabled,
  onValueChange,
  placeholder = 'Seleccione una opción',
  ...props
}: ControlledProps<T> &
  Omit<SourceProps<R>, 'selectedIds'> &
  Omit<ComboBoxProps<Option>, Bound> & {
    /** Runs after the value changed, with the chosen option (e.g. to clear a dependent field). */
    onValueChange?: (id: number | null, option: Option | null) => void;
  }) {
  const { field, fieldState, formState } = useController({ control, name });
  // 0 is the "nothing chosen" of the contract's required ids (spec 2 §5 "not 0").
  const id = (field.value as number | null) || null;
  const options = useOptionList(resource, {
    errorMessage,
    params,
    enabled,
    selectedIds: id === null ? [] : [id],
  });
  return (
    <div className="flex flex-col gap-1">
      <ComboBox<Option>
        {...props}
        {...options.fieldProps}
        placeholder={placeholder}
        selectedItem={options.selectedItems.find((item) => item.id === id) ?? null}
        name={field.name}
        value={id}
        onChange={(key) => {
          const next = toId(key);
          field.onChange(next);
          const known = [...options.fieldProps.items, ...options.selectedItems];
          onValueChange?.(next, known.find((item) => item.id === next) ?? null);
        }}
        onBlur={field.onBlur}
        ref={field.ref}
        disabled={field.disabled}
        {...fieldErrorProps(fieldState, formState)}
      />
      {options.error}
    </div>
  );
}

/** A multiple choice of records of `resource` (numeric ids) with named chips. */
export function FormOptionsMultiSelect<T extends FieldValues, R extends PagedOptionsResource>({
  control,
  name,
  resource,
  errorMessage,
  params,
  enabled,
  ...props
}: ControlledProps<T> &
  Omit<SourceProps<R>, 'selectedIds'> &
  Omit<MultiSelectProps<Option>, Bound>) {
  const { field, fieldState, formState } = useController({ control, name });
  const ids = (field.value as number[] | null) ?? [];
  const options = useOptionList(resource, { errorMessage, params, enabled, selectedIds: ids });
  return (
    <div className="flex flex-col gap-1">
      <MultiSelect<Option>
        {...props}
        {...options.fieldProps}
        selectedItems={options.selectedItems}
        name={field.name}
        value={ids}
        onChange={(keys) => field.onChange(keys.map(Number))}
        onBlur={field.onBlur}
        ref={field.ref}
        disabled={field.disabled}
        {...fieldErrorProps(fieldState, formState)}
      />
      {options.error}
    </div>
  );
}

/** 'Clientes' (required): the clients a campaign or a product belongs to. */
export function FormClientsMultiSelect<T extends FieldValues>({
  control,
  name,
}: ControlledProps<T>) {
  return (
    <FormOptionsMultiSelect
      control={control}
      name={name}
      label="Clientes"
      isRequired
      resource="/clients"
      errorMessage="Error al cargar los clientes"
    />
  );
}
