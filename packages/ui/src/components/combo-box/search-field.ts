import { useMemo, useState, type Ref } from 'react';
import type { Key } from 'react-aria-components';
import { showsError, type FieldBaseProps } from '../field';
import type { SelectOption } from '../select';
import type { SearchFieldPartsProps } from './search-field-parts';
import { MIN_SEARCH_LENGTH, useListEscape, useOptionSearch } from './use-option-search';

/** The props a searchable option field (ComboBox, MultiSelect) hands to its search and list. */
interface SearchFieldProps<T extends SelectOption> extends FieldBaseProps {
  items: readonly T[];
  isInvalid?: boolean;
  onSearchChange?: (search: string) => void;
  placeholder?: string;
  isLoading?: boolean;
  emptyText?: string;
  minSearchLength?: number;
  ref?: Ref<HTMLInputElement>;
  onLoadMore?: () => void;
  isLoadingMore?: boolean;
}

/** The search props with their defaults filled in. */
type SearchField<T extends SelectOption> = SearchFieldProps<T> &
  Required<
    Pick<SearchFieldProps<T>, 'isLoading' | 'emptyText' | 'minSearchLength' | 'isLoadingMore'>
  >;

// What the field's own component must not pass on (to react-aria's ComboBox).
const SEARCH_FIELD_KEYS = [
  'label',
  'description',
  'errorMessage',
  'isTouched',
  'isInvalid',
  'items',
  'onSearchChange',
  'placeholder',
  'isLoading',
  'emptyText',
  'minSearchLength',
  'ref',
  'onLoadMore',
  'isLoadingMore',
] as const satisfies readonly (keyof SearchFieldProps<SelectOption>)[];

/** Splits a field's props into its search props (with their defaults) and the rest. */
export function splitSearchFieldProps<T extends SelectOption, P extends SearchFieldProps<T>>(
  props: P,
) {
  const field: SearchField<T> = {
    ...props,
    isLoading: props.isLoading ?? false,
    emptyText: props.emptyText ?? 'Sin resultados',
    minSearchLength: props.minSearchLength ?? MIN_SEARCH_LENGTH,
    isLoadingMore: props.isLoadingMore ?? false,
  };
  const rest: Partial<P> = { ...props };
  for (const key of SEARCH_FIELD_KEYS) delete rest[key];
  // Every key the loop deletes is one the Omit drops.
  return [field, rest as Omit<P, (typeof SEARCH_FIELD_KEYS)[number]>] as const;
}

/**
 * The typed text and its search, shared by ComboBox and MultiSelect: the text state, the option
 * search, the 3-character hint, the list's own Escape, the invalid state, and the props of
 * SearchFieldParts but its items. `chosenName` is the chosen option's name, which react-aria
 * writes in a single choice's input: that text is not a search.
 */
export function useSearchField<T extends SelectOption>(field: SearchField<T>, chosenName?: string) {
  const [text, setText] = useState('');
  const isChosenName = chosenName !== undefined && text === chosenName;
  const { search, loaded, filtersHere, isPending, matches } = useOptionSearch({
    items: field.items,
    isLoading: field.isLoading,
    onSearchChange: field.onSearchChange,
    minSearchLength: field.minSearchLength,
    text: isChosenName ? '' : text,
  });
  const listEscape = useListEscape();
  const query = text.trim();
  const showHint = query.length > 0 && query.length < field.minSearchLength && !isChosenName;
  const parts: Omit<SearchFieldPartsProps<T>, 'items' | 'isRequired'> = {
    label: field.label,
    description: field.description,
    errorMessage: field.errorMessage,
    inputRef: field.ref,
    placeholder: field.placeholder,
    onInputKeyDown: listEscape.onKeyDown,
    popoverRef: listEscape.popoverRef,
    emptyText: field.emptyText,
    isLoading: field.isLoading,
    isPending,
    showHint,
    onLoadMore: field.onLoadMore,
    isLoadingMore: field.isLoadingMore,
  };
  const invalid = showsError(field.isInvalid, field.isTouched);
  return { text, setText, search, loaded, filtersHere, matches, invalid, parts };
}

/** Every option seen so far by id, so a chosen option keeps its name when a search drops it. */
export function useKnownItems<T extends SelectOption>(
  items: readonly T[],
  extra?: T | readonly T[] | null,
): Map<Key, T> {
  const [cache, setCache] = useState(() => new Map<Key, T>());
  const [seen, setSeen] = useState<readonly T[] | null>(null);
  // Adjusting state while rendering (not in an effect) keeps the names available immediately.
  if (seen !== items) {
    setSeen(items);
    setCache((old) => {
      const next = new Map(old);
      for (const item of items) next.set(item.id, item);
      return next;
    });
  }
  return useMemo(() => {
    const map = new Map(cache);
    for (const item of items) map.set(item.id, item);
    const extras = extra == null ? [] : Array.isArray(extra) ? extra : [extra as T];
    for (const item of extras) if (!map.has(item.id)) map.set(item.id, item);
    return map;
  }, [cache, items, extra]);
}
