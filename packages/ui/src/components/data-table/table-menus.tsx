// The table's two menus, 'Columnas' and 'Registros por página', in a module of their own: the
// table loads it once its rows have painted (DataTable's `tableMenus`), so react-aria's menu,
// select, list box and popover code is not on a phone's path to the first rows (issue #20).
import type { RowData } from '@tanstack/react-table';
import {
  Header as MenuHeader,
  Label,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Select,
  SelectValue,
  Separator,
  type Selection,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon, LayersIcon } from '../../icons';
import { Button } from '../button';
import { columnLabel, type Col } from './parts';
import { pageSizeOptionsFor } from './data-table-state';

const popover =
  'max-h-[60vh] overflow-auto rounded-lg border border-border bg-surface-raised p-1 text-fg shadow-lg outline-none';
const listItem = [
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-fg outline-none',
  'data-focused:bg-surface-muted data-selected:font-semibold',
].join(' ');

function MenuCheck({ isSelected }: { isSelected: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-4 shrink-0 items-center justify-center rounded border ${
        isSelected ? 'border-brand bg-brand text-brand-fg' : 'border-border-strong'
      }`}
    >
      {isSelected && <CheckIcon className="size-3" strokeWidth={3} />}
    </span>
  );
}

/** A checkable entry of the 'Columnas' menu (shown, or pinned to the start). */
function CheckItem({ id, label }: { id: string; label: string }) {
  return (
    <MenuItem id={id} className={listItem} textValue={label}>
      {({ isSelected }) => (
        <>
          <MenuCheck isSelected={isSelected} />
          {label}
        </>
      )}
    </MenuItem>
  );
}

/** 'Columnas' menu: which columns are shown and which are pinned to the left. */
export function ColumnsMenu<TData extends RowData>({
  columns,
  onVisibilityChange,
  onPinnedChange,
}: {
  columns: Col<TData>[];
  onVisibilityChange: (visibleIds: Set<string>) => void;
  onPinnedChange: (pinnedIds: Set<string>) => void;
}) {
  const hideable = columns.filter((c) => c.getCanHide());
  const pinnable = columns.filter((c) => c.getCanPin() && c.getIsPinned() !== 'end');
  const PIN = 'pin:';
  const toIds = (selection: Selection, all: Col<TData>[], prefix = '') =>
    new Set(
      selection === 'all'
        ? all.map((c) => c.id)
        : [...selection].map((key) => String(key).slice(prefix.length)),
    );
  const section = (title: string) => (
    <MenuHeader className="px-2 pt-2 pb-1 text-xs font-semibold text-fg-muted uppercase">
      {title}
    </MenuHeader>
  );
  return (
    <MenuTrigger>
      <Button variant="secondary" size="sm">
        <LayersIcon className="size-4" />
        Columnas
      </Button>
      <Popover placement="bottom end" className={`min-w-56 ${popover}`}>
        <Menu aria-label="Columnas" className="outline-none">
          <MenuSection
            selectionMode="multiple"
            selectedKeys={hideable.filter((c) => c.getIsVisible()).map((c) => c.id)}
            onSelectionChange={(keys) => onVisibilityChange(toIds(keys, hideable))}
            shouldCloseOnSelect={false}
          >
            {section('Mostrar')}
            {hideable.map((column) => (
              <CheckItem key={column.id} id={column.id} label={columnLabel(column)} />
            ))}
          </MenuSection>
          {pinnable.length > 0 && <Separator className="my-1 border-t border-border" />}
          {pinnable.length > 0 && (
            <MenuSection
              selectionMode="multiple"
              selectedKeys={pinnable
                .filter((c) => c.getIsPinned() === 'start')
                .map((c) => `${PIN}${c.id}`)}
              onSelectionChange={(keys) => onPinnedChange(toIds(keys, pinnable, PIN))}
              shouldCloseOnSelect={false}
            >
              {section('Fijar a la izquierda')}
              {pinnable.map((column) => (
                <CheckItem key={column.id} id={`${PIN}${column.id}`} label={columnLabel(column)} />
              ))}
            </MenuSection>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** 'Registros por página' select. */
export function PageSizeSelect({
  pageSize,
  options,
  onChange,
  isDisabled,
}: {
  pageSize: number;
  options: readonly number[];
  onChange: (size: number) => void;
  isDisabled?: boolean;
}) {
  return (
    <Select
      className="flex items-center gap-2"
      value={pageSize}
      onChange={(key) => {
        if (key != null) onChange(Number(key));
      }}
      isDisabled={isDisabled}
    >
      <Label className="text-sm text-fg-muted">Registros por página</Label>
      <Button variant="secondary" size="sm" className="min-w-18 justify-between px-2.5">
        <SelectValue />
        <ChevronDownIcon className="size-4" />
      </Button>
      <Popover className={`min-w-(--trigger-width) ${popover}`}>
        <ListBox className="outline-none">
          {pageSizeOptionsFor(pageSize, options).map((size) => (
            <ListBoxItem key={size} id={size} textValue={String(size)} className={listItem}>
              {size}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
