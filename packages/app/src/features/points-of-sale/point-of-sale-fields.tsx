import { Select, fieldErrorProps } from '@anaquel/ui';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useWatch, type UseFormSetValue } from 'react-hook-form';
import {
  FormSelect,
  FormSwitch,
  FormTextField,
  useOptions,
  type FormFieldsProps,
} from '../../components/resource';
import type { PointOfSaleValues } from './point-of-sale-schema';
import { useZipLookup, type ZipCodeSettlement } from './use-zip-lookup';

/** Shown under the zip code when the catalogue does not know it (the server accepts it). */
export const ZIP_NOT_FOUND_HINT =
  'Código postal no encontrado en el catálogo: captura el estado, el municipio y el asentamiento.';

const CHANGE = { shouldDirty: true, shouldValidate: true } as const;

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

interface SettlementOption {
  id: string;
  name: string;
}

/** The form of a point of sale: identity, the address driven by the zip code, coordinates. */
export function PointOfSaleFields({ form, mode }: FormFieldsProps<PointOfSaleValues>) {
  const { control, setValue, getValues } = form;
  const zipCode = useWatch({ control, name: 'zipCode' });
  const settlement = useWatch({ control, name: 'settlement' });
  const zip = useZipLookup(zipCode ?? '');
  const states = useOptions('/states', { errorMessage: 'Error al cargar los estados', take: null });

  // The code whose look-up the fields already reflect: an edit starts from the stored address,
  // so the stored code is not looked up over it; any code typed afterwards is.
  const appliedZip = useRef<string | null>(mode === 'edit' ? getValues('zipCode').trim() : null);
  const { settlements } = zip;
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

  const offline = !zip.isComplete;
  const knownCode = zip.isFetching || (settlements?.length ?? 0) > 0;
  const unknownCode = zip.isComplete && settlements?.length === 0;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={control} name="code" label="Código" isRequired autoFocus />
        <FormTextField control={control} name="name" label="Nombre" isRequired />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="zipCode"
          label="Código postal"
          isRequired
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          description={unknownCode ? ZIP_NOT_FOUND_HINT : undefined}
        />
        <FormSelect
          control={control}
          name="stateId"
          label="Estado"
          isRequired
          isDisabled={offline}
          {...states.fieldProps}
        />
      </div>
      {states.error}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="municipality"
          label="Municipio"
          isRequired
          isDisabled={offline}
        />
        <FormTextField control={control} name="city" label="Ciudad" />
      </div>
      {knownCode ? (
        <Controller
          control={control}
          name="settlement"
          render={({ field, fieldState, formState }) => (
            <Select<SettlementOption>
              label="Asentamiento"
              isRequired
              items={settlementOptions}
              isLoading={zip.isFetching}
              name={field.name}
              value={field.value || null}
              onChange={(key) => {
                const name = key === null ? '' : String(key);
                field.onChange(name);
                // The chosen settlement's own municipality and city (a code may span two).
                const row = settlements?.find((s) => s.settlement === name);
                if (row) {
                  setValue('municipality', row.municipality, CHANGE);
                  setValue('city', row.city ?? '', CHANGE);
                }
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              isDisabled={offline}
              {...fieldErrorProps(fieldState, formState)}
            />
          )}
        />
      ) : (
        <FormTextField
          control={control}
          name="settlement"
          label="Asentamiento"
          isRequired
          isDisabled={offline}
        />
      )}
      <FormTextField control={control} name="street" label="Calle" isRequired />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={control} name="externalNumber" label="Número exterior" isRequired />
        <FormTextField control={control} name="internalNumber" label="Número interior" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="latitude"
          label="Latitud"
          inputMode="decimal"
          placeholder="Ej. 19.4326"
        />
        <FormTextField
          control={control}
          name="longitude"
          label="Longitud"
          inputMode="decimal"
          placeholder="Ej. -99.1332"
        />
      </div>
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}
