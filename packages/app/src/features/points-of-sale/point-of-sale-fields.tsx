import { Select, fieldErrorProps } from '@anaquel/ui';
import { Controller } from 'react-hook-form';
import {
  FormSelect,
  FormSwitch,
  FormTextField,
  useOptions,
  type FormControl,
  type FormFieldsProps,
} from '../../components/resource';
import type { PointOfSaleValues } from './point-of-sale-schema';
import { CHANGE, useZipAddress, type SettlementOption } from './use-zip-address';

/** Shown under the zip code when the catalogue does not know it (the server accepts it). */
export const ZIP_NOT_FOUND_HINT =
  'Código postal no encontrado en el catálogo: captura el estado, el municipio y el asentamiento.';

/**
 * 'Asentamiento': a choice among the code's settlements when the catalogue knows the code, typed
 * otherwise.
 */
function SettlementField({
  form,
  address,
}: {
  form: FormFieldsProps<PointOfSaleValues>['form'];
  address: ReturnType<typeof useZipAddress>;
}) {
  const { control, setValue } = form;
  const { settlements, offline } = address;
  if (!address.knownCode) {
    return (
      <FormTextField
        control={control}
        name="settlement"
        label="Asentamiento"
        isRequired
        isDisabled={offline}
      />
    );
  }
  return (
    <Controller
      control={control}
      name="settlement"
      render={({ field, fieldState, formState }) => (
        <Select<SettlementOption>
          label="Asentamiento"
          isRequired
          items={address.settlementOptions}
          isLoading={address.isFetching}
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
  );
}

/** Street, numbers and coordinates, the part of the address the zip code does not drive. */
function StreetFields({ control }: { control: FormControl<PointOfSaleValues> }) {
  return (
    <>
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
    </>
  );
}

/** The form of a point of sale: identity, the address driven by the zip code, coordinates. */
export function PointOfSaleFields(props: FormFieldsProps<PointOfSaleValues>) {
  const { control } = props.form;
  const address = useZipAddress(props);
  const states = useOptions('/states', { errorMessage: 'Error al cargar los estados', take: null });
  const { offline } = address;
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
          description={address.unknownCode ? ZIP_NOT_FOUND_HINT : undefined}
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
      <SettlementField form={props.form} address={address} />
      <StreetFields control={control} />
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}
