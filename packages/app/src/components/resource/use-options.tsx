import {
  optionsQueryOptions,
  type Option,
  type OptionsParams,
  type OptionsResource,
} from '@anaquel/api';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** spec 2 §9: dropdowns ask for at most this many options per search. */
const OPTIONS_TAKE = 100;

export interface UseOptionsConfig<R extends OptionsResource> {
  /** spec 2 §8: 'Error al cargar las categorías' and similar, shown under the field on failure. */
  errorMessage: string;
  /** Server search from the third typed character (long lists); off for short ones (states). */
  serverSearch?: boolean;
  /** Extra filters of the resource's options (e.g. `{ categoryId }`). */
  params?: Omit<OptionsParams<R>, 'Filter' | 'Take'>;
  /** Do not load yet (e.g. until a category is chosen). */
  enabled?: boolean;
  /** Options per request; null for resources without `Take` (states answer all 32). */
  take?: number | null;
}

export interface UseOptionsResult {
  /** Spread into a Select or MultiSelect: items, loading state and the server search. */
  fieldProps: {
    items: Option[];
    isLoading: boolean;
    onSearchChange?: (search: string) => void;
  };
  isError: boolean;
  /** The load-failure text as an alert, or null (render it under the field). */
  error: ReactNode;
}

const NO_OPTIONS: Option[] = [];

/** The `{ id, name }` options of `GET {resource}/options` for a dropdown (cached 60 s). */
export function useOptions<R extends OptionsResource>(
  resource: R,
  {
    errorMessage,
    serverSearch = false,
    params,
    enabled = true,
    take = OPTIONS_TAKE,
  }: UseOptionsConfig<R>,
): UseOptionsResult {
  const [search, setSearch] = useState('');
  const query = useQuery({
    ...optionsQueryOptions(resource, {
      ...params,
      ...(take === null ? {} : { Take: take }),
      ...(search ? { Filter: search } : {}),
    } as OptionsParams<R>),
    enabled,
  });
  return {
    fieldProps: {
      items: (query.data as Option[] | undefined) ?? NO_OPTIONS,
      isLoading: query.isFetching,
      ...(serverSearch ? { onSearchChange: (text: string) => setSearch(text.trim()) } : {}),
    },
    isError: query.isError,
    error: query.isError ? (
      <p role="alert" className="text-sm text-danger">
        {errorMessage}
      </p>
    ) : null,
  };
}
