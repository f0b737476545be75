import { deleteMutationOptions, pagedQueryOptions, type PagedParams } from '@anaquel/api';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Link,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  toApiSort,
  useDataTableState,
  type DataTableState,
} from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { notify } from '../../lib/notify';
import type { MasterResource, ResourceDefinition } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { entityTexts } from './labels';
import { ResourceFormModal, type FormTarget } from './resource-form-modal';
import { useResourcePermissions } from './use-resource-permissions';

/** `GET {resource}/paged` parameters for a table state (spec 2 §7). */
export function pagedParams(state: DataTableState) {
  const filter = state.filter.trim();
  const sort = toApiSort(state.sorting);
  return {
    Page: state.pageIndex + 1,
    PageSize: state.pageSize,
    ...(filter ? { Filter: filter } : {}),
    ...(sort.length ? { Sort: sort } : {}),
  };
}

interface Paged<Row> {
  rows: Row[];
  totalCount: number;
  totalPages: number;
}

const BUTTON_WIDTH = 36;
const NO_PERMISSIONS: readonly string[] = [];

/**
 * The one master-data list page (spec 2 §2 "Common list page"): title, server-driven table with
 * search, sort and page size, the add button with CREATE_, edit/delete per row with UPDATE_ and
 * DELETE_, extra row links, the delete confirmation and the form modal.
 */
export function ResourceListPage<
  Row extends { id: number },
  Values extends FieldValues,
  Output,
  Detail,
>({ definition }: { definition: ResourceDefinition<Row, Values, Output, Detail> }) {
  const { resource, labels, permission, columns, rowName, rowLinks, rowButtons, form } = definition;
  const texts = useMemo(() => entityTexts(labels), [labels]);
  const can = useResourcePermissions(permission);
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const buttons = useMemo(
    () =>
      rowButtons?.filter((button) => !button.permission || permissions.includes(button.permission)),
    [rowButtons, permissions],
  );

  const table = useDataTableState();
  const page = useQuery(
    pagedQueryOptions(
      resource as MasterResource,
      pagedParams(table.state) as PagedParams<MasterResource>,
    ),
  );
  const data = page.data as Paged<Row> | undefined;

  const formModal = useModal();
  const [formTarget, setFormTarget] = useState<FormTarget>({ mode: 'create' });
  // A new key per opening gives every opening a fresh form.
  const [formKey, setFormKey] = useState(0);
  const openForm = (target: FormTarget) => {
    setFormTarget(target);
    setFormKey((k) => k + 1);
    formModal.open();
  };

  const deleteModal = useModal();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const remove = useMutation({ ...deleteMutationOptions(resource), meta: MUTATION_META });
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify(texts.deleted, 'success');
        deleteModal.close();
      },
      onError: (error) => {
        notifyMutationFailure(error, texts.deleteFailed);
        deleteModal.close();
      },
    });
  };

  const buttonCount =
    (rowLinks?.length ?? 0) + (buttons?.length ?? 0) + Number(can.update) + Number(can.delete);
  const hasRowButtons = buttonCount > 0;
  const actionsSize = Math.max(90, 24 + BUTTON_WIDTH * buttonCount);

  const renderRowActions = (row: Row) => {
    const name = rowName(row);
    return (
      <>
        {rowLinks?.map((link) => (
          <Link
            key={link.href(row)}
            href={link.href(row)}
            variant="ghost"
            aria-label={link.label(name)}
            className="h-8 w-8 px-0"
          >
            <link.icon className="size-4" />
          </Link>
        ))}
        {buttons?.map((button) => (
          <Button
            key={button.label(name)}
            variant="icon"
            size="sm"
            aria-label={button.label(name)}
            onPress={() => button.onPress(row)}
          >
            <button.icon className="size-4" />
          </Button>
        ))}
        {can.update && (
          <Button
            variant="icon"
            size="sm"
            aria-label={texts.editRow(name)}
            onPress={() => openForm({ mode: 'edit', id: row.id })}
          >
            <PencilIcon className="size-4" />
          </Button>
        )}
        {can.delete && (
          <Button
            variant="icon"
            size="sm"
            aria-label={texts.deleteRow(name)}
            onPress={() => {
              setToDelete(row);
              deleteModal.open();
            }}
          >
            <TrashIcon className="size-4 text-danger" />
          </Button>
        )}
      </>
    );
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">{texts.title}</h1>
      <DataTable<Row>
        label={texts.tableLabel}
        columns={columns}
        data={data?.rows}
        totalCount={data?.totalCount ?? 0}
        totalPages={data?.totalPages}
        state={table.state}
        onStateChange={table.onStateChange}
        isLoading={page.isPending}
        isFetching={page.isFetching && !page.isPending}
        isError={page.isError}
        onRetry={() => void page.refetch()}
        rowActions={hasRowButtons ? renderRowActions : undefined}
        rowActionsSize={actionsSize}
        toolbar={
          can.create ? (
            <Button onPress={() => openForm({ mode: 'create' })}>
              <PlusIcon className="size-4" />
              {texts.add}
            </Button>
          ) : null
        }
      />
      <ResourceFormModal
        key={formKey}
        resource={resource}
        form={form}
        texts={texts}
        target={formTarget}
        isOpen={formModal.isOpen}
        onOpenChange={formModal.setOpen}
      />
      <ConfirmDialog
        isOpen={deleteModal.isOpen}
        onOpenChange={deleteModal.setOpen}
        onConfirm={confirmDelete}
        title={texts.deleteTitle}
        message={texts.confirmDelete}
        isPending={remove.isPending}
      />
    </section>
  );
}
