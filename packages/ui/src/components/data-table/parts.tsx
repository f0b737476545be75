import type { Column, Header, RowData } from '@tanstack/react-table';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button as RACButton, Input, Label, SearchField } from 'react-aria-components';
import { ChevronDownIcon, CloseIcon, LayersIcon, SearchIcon } from '../../icons';
import { deferredModule } from '../../lib/after-paint';
import { focusRing } from '../../lib/styles';
import { buttonStyles } from '../button';
import { DEFAULT_COLUMN_SIZE, type DataTableFeatures } from './columns';
import { useDebouncedCallback } from './use-debounced-callback';

// spec 2 §9: search debounce 500 ms.
export const SEARCH_DEBOUNCE_MS = 500;
const RESIZE_STEP = 10;

export type Col<TData extends RowData> = Column<DataTableFeatures, TData, unknown>;

/** The text naming a column in menus and resize handles. */
export function columnLabel<TData extends RowData>(column: Col<TData>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/**
 * The 'Columnas' menu and the 'Registros por página' select (table-menus.tsx), fetched once the
 * table's rows have painted; the placeholders below take their place and size until then.
 */
export const tableMenus = deferredModule(() => import('./table-menus'));

/** A secondary small button's look, inert and hidden from assistive technology. */
function ButtonPlaceholder({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className={buttonStyles({ variant: 'secondary', size: 'sm', className })}
    >
      <span className="inline-flex items-center gap-2">{children}</span>
    </span>
  );
}

/** 'Columnas' until the menu's code is there; the pointer reaching it fetches that code. */
export function ColumnsMenuPlaceholder({ onReach }: { onReach: () => void }) {
  return (
    <span onPointerEnter={onReach} className="inline-flex">
      <ButtonPlaceholder className="cursor-default">
        <LayersIcon className="size-4" />
        Columnas
      </ButtonPlaceholder>
    </span>
  );
}

/** 'Registros por página' and the size until the select's code is there. */
export function PageSizePlaceholder({
  pageSize,
  onReach,
}: {
  pageSize: number;
  onReach: () => void;
}) {
  return (
    <span aria-hidden="true" className="flex items-center gap-2" onPointerEnter={onReach}>
      <span className="text-sm text-fg-muted">Registros por página</span>
      <ButtonPlaceholder className="min-w-18 cursor-default justify-between px-2.5">
        <span>{pageSize}</span>
        <ChevronDownIcon className="size-4" />
      </ButtonPlaceholder>
    </span>
  );
}

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
