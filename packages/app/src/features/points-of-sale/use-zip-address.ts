import { useEffect, useMemo, useRef } from 'react';
import { useWatch, type UseFormSetValue } from 'react-hook-form';
import type { FormFieldsProps } from '../../components/resource';
import type { PointOfSaleValues } from './point-of-sale-schema';
import { useZipLookup, type ZipCodeSettlement } from './use-zip-lookup';

/** A change made for the user: it counts as theirs (dirty) and is validated at once. */
export const CHANGE = { shouldDirty: true, shouldValidate: true } as const;

/** One choice of the settlement select (its name is its key). */
export interface SettlementOption {
  id: string;
  name: string;
}

/**
 * spec 2 §5: the look-up fills the state, municipality and city of the code, and the settlement
 * when the code has only one. A code the catalogue does not know leaves them empty to be typed.
 */
function fillFromZipCode(
  setValue: UseFormSetValue<PointOfSaleValues>,
  settlements: readonly ZipCodeSettlement[],
): void {
  const [first] = settlements;
  const names = new Set(settlements.map((s) => s.settlement));
  setValue('stateId', first?.stateId ?? null, CHANGE);
  setValue('municipality', first?.municipality ?? '', CHANGE);
  setValue('city', first?.city ?? '', CHANGE);
  setValue('settlement', names.size === 1 && first ? first.settlement : '', CHANGE);
}

/**
 * The address as the zip code drives it (spec 2 §5): the code's settlements, filled into the form
 * when a new code is typed, the settlement choices, and whether the code is complete and known.
 */
export function useZipAddress({ form, mode }: FormFieldsProps<PointOfSaleValues>) {
  const { control, setValue, getValues } = form;
  const zipCode = useWatch({ control, name: 'zipCode' });
  const settlement = useWatch({ control, name: 'settlement' });
  const zip = useZipLookup(zipCode ?? '');
  const { settlements } = zip;

  // The code whose look-up the fields already reflect: an edit starts from the stored address,
  // so the stored code is not looked up over it; any code typed afterwards is.
  const appliedZip = useRef<string | null>(mode === 'edit' ? getValues('zipCode').trim() : null);
  useEffect(() => {
    const code = (zipCode ?? '').trim();
    if (!settlements || appliedZip.current === code) return;
    appliedZip.current = code;
    fillFromZipCode(setValue, settlements);
  }, [settlements, zipCode, setValue]);

  const settlementOptions = useMemo<SettlementOption[]>(() => {
    const names = new Set((settlements ?? []).map((s) => s.settlement));
    // A stored settlement the catalogue no longer lists stays choosable.
    if (settlement && settlements?.length) names.add(settlement);
    return [...names].map((name) => ({ id: name, name }));
  }, [settlements, settlement]);

  return {
    settlements,
    settlementOptions,
    isFetching: zip.isFetching,
    offline: !zip.isComplete,
    knownCode: zip.isFetching || (settlements?.length ?? 0) > 0,
    unknownCode: zip.isComplete && settlements?.length === 0,
  };
}
