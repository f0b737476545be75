import {
  DEFAULT_PAGE_SIZE,
  deleteMutationOptions,
  pagedQuery,
  pagedQueryOptions,
  sortableColumns,
  type PagedRow,
} from '@anaquel/api';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Link,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  useDataTableState,
} from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { notify } from '../../lib/notify';
import type { MasterResource, ResourceDefinition } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { entityTexts } from './labels';
import { ResourceFormModal, type FormTarget } from './resource-form-modal';
import { useResourcePermissions } from './use-resource-permissions';

const BUTTON_WIDTH = 36;
const NO_PERMISSIONS: readonly string[] = [];

/**
 * The one master-data list page (spec 2 §2 "Common list page"): title, server-driven table with
 * search, sort and page size, the add button with CREATE_, edit/delete per row with UPDATE_ and
 * DELETE_, extra row links, the delete confirmation and the form modal.
 */
export function ResourceListPage<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
>({
  definition,
  params,
  filters,
}: {
  definition: ResourceDefinition<R, Values, Output>;
  /** Extra query filters of the list (spec 2 §2: campaignId, surveyId...); a change goes to page 1. */
  params?: Readonly<Record<string, string | number | boolean>>;
  /** The controls of those filters, shown above the table. */
  filters?: ReactNode;
}) {
  type Row = PagedRow<R>;
  const { resource, labels, permission, rowName, rowLinks, rowButtons, form } = definition;
  // spec 2 §2: a column sorts when the contract's `Sort` enum of the list names it.
  const columns = useMemo(() => {
    const sortable = sortableColumns(resource);
    return definition.columns.map((column) => ({
      ...column,
      enableSorting: column.id !== undefined && sortable.has(column.id),
    }));
  }, [definition.columns, resource]);
  const texts = useMemo(() => entityTexts(labels), [labels]);
  const can = useResourcePermissions(permission);
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const buttons = useMemo(
    () =>
      rowButtons?.filter((button) => !button.permission || permissions.includes(button.permission)),
    [rowButtons, permissions],
  );

  const table = useDataTableState({ pageSize: DEFAULT_PAGE_SIZE });
  // spec 2 §4: the page goes back to 1 whenever a filter changes.
  const paramsKey = JSON.stringify(params ?? {});
  const [seenParams, setSeenParams] = useState(paramsKey);
  if (seenParams !== paramsKey) {
    setSeenParams(paramsKey);
    if (table.state.pageIndex !== 0) table.update({ pageIndex: 0 });
  }
  const page = useQuery(
    pagedQueryOptions(resource, {
      ...(pagedQuery(resource, table.state) as object),
      ...params,
    } as ReturnType<typeof pagedQuery<R>>),
  );
  const data = page.data;

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
  const remove = useMutation({
    ...deleteMutationOptions(resource, { invalidates: definition.invalidates }),
    meta: MUTATION_META,
  });
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
        {buttons
          ?.filter((button) => button.isShown?.(row) ?? true)
          .map((button) => (
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
        {can.delete && (definition.canDelete?.(row) ?? true) && (
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
      {filters}
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
