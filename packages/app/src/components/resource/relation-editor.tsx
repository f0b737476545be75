import {
  detailQueryOptions,
  isApiError,
  relationQueryOptions,
  setRelationMutationOptions,
  type Option,
  type DetailResource,
  type PagedOptionsResource,
  type RelationPath,
} from '@anaquel/api';
import { ArrowLeftIcon, Button, Link, MultiSelect, Spinner, fieldErrorProps } from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { applyServerErrors, canSubmit, useZodForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import type { PermissionBase } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { entityTexts, type EntityLabels } from './labels';
import { optionLabel, useOptionList } from './options-fields';
import { parseRouteId } from './route-id';
import { useResourcePermissions } from './use-resource-permissions';
import { useSearchResults, type RelationValues } from './use-search-results';

/** One relation editor route (spec 2 §2 "Relation editors"). */
export interface RelationEditorConfig<Detail = never> {
  /** The relation's API path, e.g. '/campaigns/{id}/products'. */
  path: RelationPath;
  /** The route parameter holding the owner's id ('campaignId'). */
  param: string;
  owner: {
    resource: DetailResource;
    labels: EntityLabels;
    permission: PermissionBase;
    /** spec 2 §2: 'Id de la campaña inválida'. */
    invalidId: string;
    /** The owner's list page (the back link). */
    listHref: string;
    /** The owner's name in the title. */
    name: (detail: Detail) => string;
    /** The linked ids in the owner's `GET {resource}/{id}` (productIds...). */
    relatedIds: (detail: Detail) => number[];
  };
  related: {
    /** Where the choices come from (`GET {resource}/options`). */
    resource: PagedOptionsResource;
    /** Label of the multi-select, plural ('Productos'). */
    label: string;
    /** spec 2 §8: 'Error al cargar los productos'. */
    loadError: string;
  };
}

export { ADD_RESULTS_LIMIT } from './use-search-results';

const relationSchema = z.object({ relatedIds: z.array(z.number().int().positive()) });

/**
 * The one relation editor for the six routes: loads the owner (id > 0, otherwise the spec's
 * invalid-id message), offers the related records in a multi-select searched from the third
 * character, and saves the whole list (it may be empty).
 */
export function RelationEditor<Detail>({ config }: { config: RelationEditorConfig<Detail> }) {
  const params = useParams();
  const id = parseRouteId(params[config.param]);
  const backLink = (
    <Link href={config.owner.listHref} variant="inline" className="inline-flex items-center gap-1">
      <ArrowLeftIcon className="size-4" />
      {`Volver a ${config.owner.labels.plural}`}
    </Link>
  );
  if (id === null) {
    return (
      <section className="flex flex-col gap-4">
        {backLink}
        <p role="alert" className="text-base font-medium text-danger">
          {config.owner.invalidId}
        </p>
      </section>
    );
  }
  return <RelationForm key={id} id={id} config={config} backLink={backLink} />;
}

/**
 * The relation's form: the linked ids from the relation itself (loaded once), the records named
 * in the chips, and 'Guardar', which puts the whole list.
 */
function useRelationForm<Detail>(id: number, config: RelationEditorConfig<Detail>) {
  const texts = useMemo(() => entityTexts(config.owner.labels), [config.owner.labels]);
  // The linked records by name, inactive ones marked (issue 13): from the relation itself, so
  // that none shows as a bare id whatever the number of candidates.
  const relation = useQuery(relationQueryOptions(config.path, id));
  const linked = useMemo(() => (relation.data?.related ?? []).map(optionLabel), [relation.data]);
  const form = useZodForm(relationSchema, { defaultValues: { relatedIds: [] } });
  const loadedRef = useRef(false);
  useEffect(() => {
    if (loadedRef.current || relation.data === undefined) return;
    loadedRef.current = true;
    form.reset({ relatedIds: relation.data.relatedIds });
  }, [relation.data, form]);

  const save = useMutation({ ...setRelationMutationOptions(config.path), meta: MUTATION_META });
  const onSubmit = form.handleSubmit(async ({ relatedIds }: RelationValues) => {
    try {
      const saved = await save.mutateAsync({ id, relatedIds });
      notify(texts.updated, 'success');
      form.reset({ relatedIds: saved.relatedIds });
    } catch (error) {
      notifyMutationFailure(error, texts.updateFailed);
      if (isApiError(error)) {
        applyServerErrors(error.validationErrors, form.setError, ['relatedIds']);
      }
    }
  });
  return { form, linked, isPending: relation.isPending, onSubmit, isSaving: save.isPending };
}

/** 'Productos de la campaña X': the related records' label and, once loaded, the owner's name. */
function relationTitle<Detail>(
  { owner, related }: RelationEditorConfig<Detail>,
  detail: Detail | undefined,
): string {
  const ownerName = detail === undefined ? '' : owner.name(detail);
  // 'de' + 'el' contracts to 'del': 'Productos del punto de venta X', 'Productos de la campaña X'.
  const ofThe = owner.labels.feminine ? 'de la' : 'del';
  return ownerName
    ? `${related.label} ${ofThe} ${owner.labels.singular} ${ownerName}`
    : related.label;
}

/** 'Agregar todos los resultados de "…"', once a search was typed. */
function AddResultsButton({ search }: { search: ReturnType<typeof useSearchResults> }) {
  if (!search.lastSearch) return null;
  return (
    <div>
      <Button
        variant="secondary"
        isPending={search.adding}
        onPress={() => void search.addResults(search.lastSearch)}
      >
        {`Agregar todos los resultados de "${search.lastSearch}"`}
      </Button>
    </div>
  );
}

/** 'Deshacer cambios' and 'Guardar' of the relation form. */
function RelationButtons({
  form,
  isSaving,
}: {
  form: UseFormReturn<RelationValues, unknown, RelationValues>;
  isSaving: boolean;
}) {
  // Both flags read on every render (react-hook-form computes only what was read).
  const { isValid, isDirty } = form.formState;
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" isDisabled={!isDirty || isSaving} onPress={() => form.reset()}>
        Deshacer cambios
      </Button>
      <Button type="submit" isDisabled={!canSubmit({ isValid, isDirty })} isPending={isSaving}>
        Guardar
      </Button>
    </div>
  );
}

function RelationForm<Detail>({
  id,
  config,
  backLink,
}: {
  id: number;
  config: RelationEditorConfig<Detail>;
  backLink: ReactNode;
}) {
  const { owner, related } = config;
  const can = useResourcePermissions(owner.permission);
  const detail = useQuery({ ...detailQueryOptions(owner.resource, id), staleTime: 0 });
  const { form, linked, isPending, onSubmit, isSaving } = useRelationForm(id, config);
  const options = useOptionList(related.resource, { errorMessage: related.loadError });
  const search = useSearchResults(related.resource, related.loadError, form);
  const selectedItems = useMemo(
    () => [...linked, ...search.addedItems],
    [linked, search.addedItems],
  );
  const { field, fieldState, formState } = useController({
    control: form.control,
    name: 'relatedIds',
  });
  const chosen = field.value;

  return (
    <section className="flex flex-col gap-4">
      {backLink}
      <h1 className="text-2xl font-semibold text-fg">
        {relationTitle(config, detail.data as Detail | undefined)}
      </h1>
      {detail.isError ? (
        <p role="alert" className="text-sm text-danger">
          Error al cargar los datos.
        </p>
      ) : detail.isPending || isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Cargando" />
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-3xl flex-col gap-4 rounded-xl border border-border bg-surface p-5"
        >
          <MultiSelect<Option>
            {...options.fieldProps}
            onSearchChange={(text) => {
              options.fieldProps.onSearchChange(text);
              search.noteSearch(text);
            }}
            selectedItems={selectedItems}
            label={related.label}
            name={field.name}
            value={chosen}
            onChange={(keys) => field.onChange(keys.map(Number))}
            onBlur={field.onBlur}
            ref={field.ref}
            isDisabled={!can.update}
            {...fieldErrorProps(fieldState, formState)}
          />
          <p role="status" className="text-sm text-fg-muted">
            {`Vinculados: ${chosen.length}`}
          </p>
          {options.error}
          {can.update && <AddResultsButton search={search} />}
          {can.update && <RelationButtons form={form} isSaving={isSaving} />}
        </form>
      )}
    </section>
  );
}
