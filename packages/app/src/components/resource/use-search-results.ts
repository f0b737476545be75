import { optionPagesQueryOptions, type Option, type PagedOptionsResource } from '@anaquel/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { notify } from '../../lib/notify';

/**
 * The most records 'Agregar todos los resultados' adds at once (docs/decisions.md, issue 13): a
 * search that matches more asks the user to narrow it instead of adding a partial list.
 */
export const ADD_RESULTS_LIMIT = 1000;
/** Options per request while collecting a search's results (the contract's maximum `Take`). */
const ADD_RESULTS_PAGE = 100;

/** What a relation form holds: the linked ids. */
export interface RelationValues {
  relatedIds: number[];
}

function addedMessage(search: string, count: number): string {
  return count === 1
    ? `Se agregó 1 resultado de la búsqueda "${search}".`
    : `Se agregaron ${count} resultados de la búsqueda "${search}".`;
}

/**
 * 'Agregar todos los resultados' of a relation editor (issue 13: "select the results of a search
 * at once"): every candidate matching the last search, all pages, at most ADD_RESULTS_LIMIT (one
 * more page tells whether there are more), added to the form's ids.
 */
export function useSearchResults(
  resource: PagedOptionsResource,
  loadError: string,
  form: UseFormReturn<RelationValues>,
) {
  const queryClient = useQueryClient();
  // The last server search typed in the multi-select: it outlives the search box (which empties
  // when the list closes or focus leaves it) so the results can be added with one button.
  const [lastSearch, setLastSearch] = useState('');
  // Records added through their search, named in the chips whatever page they came from.
  const [addedItems, setAddedItems] = useState<Option[]>([]);
  const [adding, setAdding] = useState(false);

  const addResults = async (search: string) => {
    setAdding(true);
    try {
      const found = await queryClient.fetchInfiniteQuery({
        ...optionPagesQueryOptions(resource, { Filter: search }, ADD_RESULTS_PAGE),
        pages: ADD_RESULTS_LIMIT / ADD_RESULTS_PAGE + 1,
        staleTime: 0,
      });
      const results = found.pages.flat();
      if (results.length > ADD_RESULTS_LIMIT) {
        notify(
          `La búsqueda "${search}" tiene más de ${ADD_RESULTS_LIMIT.toLocaleString('es-MX')} resultados. Escriba una búsqueda más precisa para agregarlos.`,
          'warning',
        );
        return;
      }
      const current = new Set(form.getValues('relatedIds'));
      const fresh = results.filter((option) => !current.has(option.id));
      if (fresh.length === 0) {
        notify(
          results.length === 0
            ? `La búsqueda "${search}" no tiene resultados.`
            : `Los resultados de "${search}" ya están vinculados.`,
          'info',
        );
      } else {
        setAddedItems((old) => [...old, ...fresh]);
        form.setValue('relatedIds', [...current, ...fresh.map((option) => option.id)], {
          shouldDirty: true,
          shouldValidate: true,
        });
        notify(addedMessage(search, fresh.length), 'success');
      }
      setLastSearch('');
    } catch {
      notify(loadError, 'error');
    } finally {
      setAdding(false);
    }
  };

  const noteSearch = (search: string) => {
    if (search.trim()) setLastSearch(search.trim());
  };
  return { lastSearch, noteSearch, addedItems, adding, addResults };
}
