import type { Column, Header, RowData } from '@tanstack/react-table';
import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  Button as RACButton,
  Header as MenuHeader,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  SearchField,
  Select,
  SelectValue,
  Separator,
  type Selection,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon, CloseIcon, LayersIcon, SearchIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import { Button } from '../button';
import { DEFAULT_COLUMN_SIZE, type DataTableFeatures } from './columns';
import { pageSizeOptionsFor } from './data-table-state';
import { useDebouncedCallback } from './use-debounced-callback';

// spec 2 §9: search debounce 500 ms.
export const SEARCH_DEBOUNCE_MS = 500;
const RESIZE_STEP = 10;

type Col<TData extends RowData> = Column<DataTableFeatures, TData, unknown>;

/** The text naming a column in menus and resize handles. */
function columnLabel<TData extends RowData>(column: Col<TData>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

const popover =
  'max-h-[60vh] overflow-auto rounded-lg border border-border bg-surface-raised p-1 text-fg shadow-lg outline-none';
const listItem = [
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-fg outline-none',
  'data-focused:bg-surface-muted data-selected:font-semibold',
].join(' ');

export function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={`size-4 shrink-0 ${direction ? 'text-fg' : 'text-fg-muted'}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {direction !== 'desc' && <path d="m8 10 4-4 4 4" />}
      {direction !== 'asc' && <path d="m8 14 4 4 4-4" />}
    </svg>
  );
}

/** Drag handle (mouse, touch) and window splitter (arrow keys, Home, End) for a column width. */
export function ColumnResizeHandle<TData extends RowData>({
  header,
  onKeyboardResize,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  onKeyboardResize: (columnId: string, size: number) => void;
}) {
  const { column } = header;
  const min = column.columnDef.minSize ?? DEFAULT_COLUMN_SIZE.minSize;
  const max = column.columnDef.maxSize ?? DEFAULT_COLUMN_SIZE.maxSize;
  const size = column.getSize();
  const handler = header.getResizeHandler();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -RESIZE_STEP, ArrowRight: RESIZE_STEP }[event.key];
    const next =
      event.key === 'Home' ? min : event.key === 'End' ? max : step ? size + step : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onKeyboardResize(column.id, Math.min(max, Math.max(min, next)));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Ancho de la columna ${columnLabel(column)}`}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onMouseDown={handler}
      onTouchStart={handler}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={onKeyDown}
      className={[
        'group/resize absolute inset-y-0 end-0 flex w-3 cursor-col-resize touch-none justify-end select-none',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
      ].join(' ')}
    >
      <span
        className={`my-2 w-0.5 rounded-full group-hover/resize:bg-border-strong ${
          column.getIsResizing() ? 'bg-focus' : 'bg-border'
        }`}
      />
    </div>
  );
}

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

/** The 'Buscar' box: reports the trimmed text 500 ms after the last keystroke; Escape clears. */
export function SearchBox({
  filter,
  onSearch,
  placeholder,
}: {
  filter: string;
  onSearch: (text: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(filter);
  const debounced = useDebouncedCallback(
    (value: string) => onSearch(value.trim()),
    SEARCH_DEBOUNCE_MS,
  );
  // Follow outside changes of the filter (e.g. a reset) without undoing what is being typed.
  useEffect(() => {
    setText((current) => (current.trim() === filter ? current : filter));
  }, [filter]);
  return (
    <SearchField
      className="group flex min-w-0 flex-1 basis-56 flex-col sm:max-w-xs"
      value={text}
      onChange={(value) => {
        setText(value);
        debounced(value);
      }}
      onClear={() => {
        debounced.cancel();
        onSearch('');
      }}
      onSubmit={() => debounced.flush()}
    >
      <Label className="sr-only">Buscar</Label>
      <div className="relative flex items-center">
        <SearchIcon className="pointer-events-none absolute start-2.5 size-4 text-fg-muted" />
        <Input
          placeholder={placeholder}
          className={(state) =>
            focusRing({
              ...state,
              className: [
                'h-8 w-full rounded-lg border border-border-strong bg-surface ps-8 pe-8 text-sm text-fg',
                'placeholder:text-fg-muted [&::-webkit-search-cancel-button]:hidden',
              ].join(' '),
            })
          }
        />
        <RACButton
          aria-label="Limpiar búsqueda"
          className={(state) =>
            focusRing({
              ...state,
              className:
                'absolute end-1 rounded p-1 text-fg-muted group-data-empty:hidden data-hovered:text-fg',
            })
          }
        >
          <CloseIcon className="size-4" />
        </RACButton>
      </div>
    </SearchField>
  );
}
