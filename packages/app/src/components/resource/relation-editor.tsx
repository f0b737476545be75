import {
  detailQueryOptions,
  isApiError,
  optionPagesQueryOptions,
  relationQueryOptions,
  setRelationMutationOptions,
  type Option,
  type DetailResource,
  type PagedOptionsResource,
  type RelationPath,
} from '@anaquel/api';
import { ArrowLeftIcon, Button, Link, MultiSelect, Spinner, fieldErrorProps } from '@anaquel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
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

/**
 * The most records 'Agregar todos los resultados' adds at once (docs/decisions.md, issue 13): a
 * search that matches more asks the user to narrow it instead of adding a partial list.
 */
export const ADD_RESULTS_LIMIT = 1000;
/** Options per request while collecting a search's results (the contract's maximum `Take`). */
const ADD_RESULTS_PAGE = 100;

const relationSchema = z.object({ relatedIds: z.array(z.number().int().positive()) });
type RelationValues = z.infer<typeof relationSchema>;

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
  const texts = useMemo(() => entityTexts(owner.labels), [owner.labels]);
  const can = useResourcePermissions(owner.permission);

  const detail = useQuery({ ...detailQueryOptions(owner.resource, id), staleTime: 0 });
  const data = detail.data as Detail | undefined;
  // The linked records by name, inactive ones marked (issue 13): from the relation itself, so
  // that none shows as a bare id whatever the number of candidates.
  const relation = useQuery(relationQueryOptions(config.path, id));
  const linked = useMemo(() => (relation.data?.related ?? []).map(optionLabel), [relation.data]);
  const options = useOptionList(related.resource, { errorMessage: related.loadError });
  // The last server search typed in the multi-select: it outlives the search box (which empties
  // when the list closes or focus leaves it) so the results can be added with one button.
  const [lastSearch, setLastSearch] = useState('');
  // Records added through their search, named in the chips whatever page they came from.
  const [addedItems, setAddedItems] = useState<Option[]>([]);
  const selectedItems = useMemo(() => [...linked, ...addedItems], [linked, addedItems]);

  const form = useZodForm(relationSchema, { defaultValues: { relatedIds: [] } });
  const loadedRef = useRef(false);
  useEffect(() => {
    if (loadedRef.current || relation.data === undefined) return;
    loadedRef.current = true;
    form.reset({ relatedIds: relation.data.relatedIds });
  }, [relation.data, form]);
  const { field, fieldState, formState } = useController({
    control: form.control,
    name: 'relatedIds',
  });
  const chosen = field.value;

  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // Every candidate matching the last search, all pages (issue 13: "select the results of a
  // search at once"), at most ADD_RESULTS_LIMIT; one more page tells whether there are more.
  const addResults = async (search: string) => {
    setAdding(true);
    try {
      const found = await queryClient.fetchInfiniteQuery({
        ...optionPagesQueryOptions(related.resource, { Filter: search }, ADD_RESULTS_PAGE),
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
        notify(
          fresh.length === 1
            ? `Se agregó 1 resultado de la búsqueda "${search}".`
            : `Se agregaron ${fresh.length} resultados de la búsqueda "${search}".`,
          'success',
        );
      }
      setLastSearch('');
    } catch {
      notify(related.loadError, 'error');
    } finally {
      setAdding(false);
    }
  };

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

  // Both flags read on every render (react-hook-form computes only what was read).
  const { isValid, isDirty } = form.formState;
  const ownerName = data === undefined ? '' : owner.name(data);
  // 'de' + 'el' contracts to 'del': 'Productos del punto de venta X', 'Productos de la campaña X'.
  const ofThe = owner.labels.feminine ? 'de la' : 'del';
  return (
    <section className="flex flex-col gap-4">
      {backLink}
      <h1 className="text-2xl font-semibold text-fg">
        {ownerName
          ? `${related.label} ${ofThe} ${owner.labels.singular} ${ownerName}`
          : related.label}
      </h1>
      {detail.isError ? (
        <p role="alert" className="text-sm text-danger">
          Error al cargar los datos.
        </p>
      ) : detail.isPending || relation.isPending ? (
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
            onSearchChange={(search) => {
              options.fieldProps.onSearchChange(search);
              if (search.trim()) setLastSearch(search.trim());
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
          {can.update && lastSearch && (
            <div>
              <Button
                variant="secondary"
                isPending={adding}
                onPress={() => void addResults(lastSearch)}
              >
                {`Agregar todos los resultados de "${lastSearch}"`}
              </Button>
            </div>
          )}
          {can.update && (
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                isDisabled={!isDirty || save.isPending}
                onPress={() => form.reset()}
              >
                Deshacer cambios
              </Button>
              <Button
                type="submit"
                isDisabled={!canSubmit({ isValid, isDirty })}
                isPending={save.isPending}
              >
                Guardar
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
