import { deleteMutationOptions, type PagedRow } from '@anaquel/api';
import { Button, ConfirmDialog, DataTable, PlusIcon } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { notify } from '../../lib/notify';
import { useModal } from '../../stores/modal-store';
import type { MasterResource, ResourceDefinition } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { entityTexts, type EntityTexts } from './labels';
import { ResourceFormModal, type FormTarget } from './resource-form-modal';
import { RowActions, rowActionsWidth, rowButtonCount, usePermittedButtons } from './row-actions';
import { usePagedList, type ListParams } from './use-paged-list';
import { useResourcePermissions } from './use-resource-permissions';

/** The create/edit modal's target; a new key per opening gives every opening a fresh form. */
function useFormTarget() {
  const modal = useModal();
  const [target, setTarget] = useState<FormTarget>({ mode: 'create' });
  const [key, setKey] = useState(0);
  const open = (next: FormTarget) => {
    setTarget(next);
    setKey((k) => k + 1);
    modal.open();
  };
  return { modal, target, key, open };
}

/** The delete confirmation of a row: asks, deletes, toasts and closes either way. */
function useRowDelete<R extends MasterResource>(
  resource: R,
  invalidates: readonly string[] | undefined,
  texts: EntityTexts,
) {
  const modal = useModal();
  const [toDelete, setToDelete] = useState<PagedRow<R> | null>(null);
  const remove = useMutation({
    ...deleteMutationOptions(resource, { invalidates }),
    meta: MUTATION_META,
  });
  const ask = (row: PagedRow<R>) => {
    setToDelete(row);
    modal.open();
  };
  const confirm = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify(texts.deleted, 'success');
        modal.close();
      },
      onError: (error) => {
        notifyMutationFailure(error, texts.deleteFailed);
        modal.close();
      },
    });
  };
  return { modal, ask, confirm, isPending: remove.isPending };
}

interface ResourceListPageProps<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
> {
  definition: ResourceDefinition<R, Values, Output>;
  /** Extra query filters of the list (spec 2 §2: campaignId, surveyId...); a change goes to page 1. */
  params?: ListParams;
  /** The controls of those filters, shown above the table. */
  filters?: ReactNode;
  /** More toolbar buttons beside 'Agregar' (e.g. 'Importar'), each checking its own permission. */
  actions?: ReactNode;
}

/**
 * The one master-data list page (spec 2 §2 "Common list page"): title, server-driven table with
 * search, sort and page size, the add button with CREATE_, edit/delete per row with UPDATE_ and
 * DELETE_, extra row links, the delete confirmation and the form modal.
 */
export function ResourceListPage<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
>({ definition, params, filters, actions }: ResourceListPageProps<R, Values, Output>) {
  const { resource, labels, permission, form } = definition;
  const { columns, table, page } = usePagedList(resource, definition.columns, params);
  const texts = useMemo(() => entityTexts(labels), [labels]);
  const can = useResourcePermissions(permission);
  const buttons = usePermittedButtons(definition.rowButtons);
  const formTarget = useFormTarget();
  const removal = useRowDelete(resource, definition.invalidates, texts);

  const buttonCount = rowButtonCount(definition, buttons, can);
  const renderRowActions = (row: PagedRow<R>) => (
    <RowActions
      row={row}
      definition={definition}
      buttons={buttons}
      can={can}
      texts={texts}
      onEdit={() => formTarget.open({ mode: 'edit', id: row.id })}
      onDelete={removal.ask}
    />
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">{texts.title}</h1>
      {filters}
      <DataTable<PagedRow<R>>
        label={texts.tableLabel}
        columns={columns}
        data={page.data?.rows}
        totalCount={page.data?.totalCount ?? 0}
        totalPages={page.data?.totalPages}
        state={table.state}
        onStateChange={table.onStateChange}
        isLoading={page.isPending}
        isFetching={page.isFetching && !page.isPending}
        isError={page.isError}
        onRetry={() => void page.refetch()}
        rowActions={buttonCount > 0 ? renderRowActions : undefined}
        rowActionsSize={rowActionsWidth(buttonCount)}
        toolbar={
          <>
            {actions}
            {can.create ? (
              <Button onPress={() => formTarget.open({ mode: 'create' })}>
                <PlusIcon className="size-4" />
                {texts.add}
              </Button>
            ) : null}
          </>
        }
      />
      <ResourceFormModal
        key={formTarget.key}
        resource={resource}
        form={form}
        texts={texts}
        target={formTarget.target}
        isOpen={formTarget.modal.isOpen}
        onOpenChange={formTarget.modal.setOpen}
      />
      <ConfirmDialog
        isOpen={removal.modal.isOpen}
        onOpenChange={removal.modal.setOpen}
        onConfirm={removal.confirm}
        title={texts.deleteTitle}
        message={texts.confirmDelete}
        isPending={removal.isPending}
      />
    </section>
  );
}
