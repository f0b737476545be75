import {
  detailQueryOptions,
  isApiError,
  setRelationMutationOptions,
  type DetailResource,
  type OptionsResource,
  type RelationPath,
} from '@anaquel/api';
import { ArrowLeftIcon, Button, Link, Spinner } from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { applyServerErrors, canSubmit, useZodForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import type { PermissionBase } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { FormMultiSelect } from './form-fields';
import { entityTexts, type EntityLabels } from './labels';
import { useOptions } from './use-options';
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
    resource: OptionsResource;
    /** Label of the multi-select, plural ('Productos'). */
    label: string;
    /** spec 2 §8: 'Error al cargar los productos'. */
    loadError: string;
  };
}

/** A route parameter as a record id: a positive integer, or null. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

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
  const options = useOptions(related.resource, {
    errorMessage: related.loadError,
    serverSearch: true,
  });

  const form = useZodForm(relationSchema, { defaultValues: { relatedIds: [] } });
  const loadedRef = useRef(false);
  useEffect(() => {
    if (loadedRef.current || data === undefined) return;
    loadedRef.current = true;
    form.reset({ relatedIds: owner.relatedIds(data) });
  }, [data, form, owner]);

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
      ) : detail.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Cargando" />
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-3xl flex-col gap-4 rounded-xl border border-border bg-surface p-5"
        >
          <FormMultiSelect
            control={form.control}
            name="relatedIds"
            label={related.label}
            {...options.fieldProps}
            isDisabled={!can.update}
          />
          {options.error}
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
