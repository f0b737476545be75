import { listQueryOptions, type ListData } from '@anaquel/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../lib/notify';
import { ZIP_CODE_PATTERN } from './point-of-sale-schema';

/** One settlement of a zip code (`GET zipcodes?Filter=NNNNN`). */
export type ZipCodeSettlement = ListData<'/zipcodes'>[number];

const ZIP_LOOKUP_ERROR = 'Error al obtener datos del código postal';

/** The catalogue answers every settlement of a code; none has more than this many. */
const ZIP_LOOKUP_TAKE = 100;

export interface ZipLookup {
  /** True once the typed text is 5 digits (spec 2 §5: the address fields wait for it). */
  isComplete: boolean;
  /** The code's settlements; undefined while unknown (incomplete, loading or failed). */
  settlements: ZipCodeSettlement[] | undefined;
  isFetching: boolean;
}

/**
 * The settlements of a zip code once it has 5 digits (spec 2 §5). A failed look-up shows the
 * spec's 'Error al obtener datos del código postal' (the global handler adds the status message).
 */
export function useZipLookup(typed: string): ZipLookup {
  const zipCode = typed.trim();
  const isComplete = ZIP_CODE_PATTERN.test(zipCode);
  const query = useQuery({
    ...listQueryOptions('/zipcodes', { Filter: zipCode, Take: ZIP_LOOKUP_TAKE }),
    enabled: isComplete,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) notify(ZIP_LOOKUP_ERROR, 'error');
  }, [isError, errorUpdatedAt]);
  return {
    isComplete,
    settlements: isComplete ? query.data : undefined,
    isFetching: isComplete && query.isFetching,
  };
}
