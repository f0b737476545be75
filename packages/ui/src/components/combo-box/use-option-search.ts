import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useFilter } from 'react-aria-components';
import { useDebouncedCallback } from '../data-table/use-debounced-callback';
import type { SelectOption } from '../select';
import { useSearchText } from './use-search-text';

// spec 2 §5/§9: choice search starts at 3 typed characters; searches wait 500 ms.
export const MIN_SEARCH_LENGTH = 3;
export const OPTION_SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_HINT = 'Escribe al menos 3 caracteres';

export interface OptionSearchConfig<T extends SelectOption> {
  /** The options as given: with `onSearchChange`, the server's answer to the last search. */
  items: readonly T[];
  /** Whether the caller is loading `items` (its list is empty while a new search loads). */
  isLoading: boolean;
  /** Server search; without it `items` are filtered here. */
  onSearchChange?: (search: string) => void;
  /** Characters needed before searching. */
  minSearchLength: number;
  /** The typed text that is a search ('' when the input only shows the chosen option). */
  text: string;
}

export interface OptionSearch<T extends SelectOption> {
  /** Feeds the typed text (`update`) or ends the search (`reset`). */
  search: ReturnType<typeof useSearchText>;
  /** The options to build the list from (during a server search: what is loaded so far). */
  loaded: readonly T[];
  /** Whether `loaded` must be narrowed here to the names that contain the text. */
  filtersHere: boolean;
  /** Whether the list waits for the server's answer to the typed text. */
  isPending: boolean;
  /** Case- and accent-insensitive "name contains the typed text". */
  matches: (name: string) => boolean;
}

/**
 * The search of a choice field (ComboBox, MultiSelect). Typed text becomes a server search
 * 500 ms after the last keystroke, and the caller then empties its list while the answer
 * loads. Until the answer to the typed text is in, the options already loaded stay listed,
 * narrowed here to the names that contain the text: the list never empties and refills under
 * the keyboard focus (react-aria drops the focus of an option that leaves the list, so an Enter
 * pressed at that moment chose nothing, or the option that took its place).
 */
export function useOptionSearch<T extends SelectOption>({
  items,
  isLoading,
  onSearchChange,
  minSearchLength,
  text,
}: OptionSearchConfig<T>): OptionSearch<T> {
  const { contains } = useFilter({ sensitivity: 'base' });
  // The search the server was last asked for: `items` answer it once loading ends.
  const [requested, setRequested] = useState('');
  const emit = useDebouncedCallback((search: string) => {
    setRequested(search);
    onSearchChange?.(search);
  }, OPTION_SEARCH_DEBOUNCE_MS);
  const search = useSearchText(minSearchLength, emit);

  // The last options that were not a loading placeholder (adjusted while rendering, not in an
  // effect, so they are there in the same render).
  const [kept, setKept] = useState(items);
  if (!isLoading && kept !== items) setKept(items);
  const loaded = isLoading && items.length === 0 ? kept : items;

  const query = text.trim();
  const isSearching = query.length >= minSearchLength;
  const isPending =
    Boolean(onSearchChange) && (isLoading || requested !== (isSearching ? query : ''));
  const matches = useCallback((name: string) => contains(name, query), [contains, query]);
  return {
    search,
    loaded,
    filtersHere: isSearching && (!onSearchChange || isPending),
    isPending,
    matches,
  };
}

/**
 * Escape while the option list is on screen closes only the list. react-aria lets Escape go on
 * to an enclosing dialog once the field has a value, as soon as the list's state is closed; but
 * a list also closes by itself (when the page or the dialog scrolls, e.g. while an option is
 * brought into view) and then fades out for 100 ms, and an Escape meant for that visible list
 * closed the whole dialog with its unsaved form. Give `popoverRef` to the `Popover` and
 * `onKeyDown` to the `Input`.
 */
export function useListEscape() {
  const popoverRef = useRef<HTMLElement>(null);
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    // The popover stays mounted while its closing animation plays.
    if (event.key === 'Escape' && popoverRef.current?.isConnected) event.stopPropagation();
  }, []);
  return { popoverRef, onKeyDown };
}
