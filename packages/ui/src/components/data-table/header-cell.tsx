import type { Column, Header, RowData } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { tv } from 'tailwind-variants';
import type { DataTableFeatures } from './columns';
import { ColumnResizeHandle, SortIcon } from './parts';

type Col<TData extends RowData> = Column<DataTableFeatures, TData, unknown>;

export const cellStyles = tv({
  base: 'border-b border-border px-2 py-2 align-middle',
  variants: {
    pinned: {
      start: 'sticky z-[1] bg-surface',
      end: 'sticky z-[1] bg-surface shadow-[inset_1px_0_0_var(--color-border)]',
      none: '',
    },
    align: { start: 'text-start', center: 'text-center', end: 'text-end' },
  },
  defaultVariants: { pinned: 'none', align: 'start' },
});

export function pinnedOf<TData extends RowData>(column: Col<TData>): 'start' | 'end' | 'none' {
  return column.getIsPinned() || 'none';
}

export function columnStyle<TData extends RowData>(column: Col<TData>): CSSProperties {
  const pinned = column.getIsPinned();
  return {
    width: column.getSize(),
    insetInlineStart: pinned === 'start' ? column.getStart('start') : undefined,
    insetInlineEnd: pinned === 'end' ? column.getAfter('end') : undefined,
  };
}

// The button's ::after stretches over the whole (sticky, so positioned) header cell: a click
// anywhere in the cell sorts, not only on the title. The resize handle comes later in the cell,
// so it stays on top of that layer.
const sortButton = [
  'inline-flex max-w-full cursor-pointer items-center gap-1 rounded text-start',
  'after:absolute after:inset-0 after:content-[""]',
  'hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
].join(' ');

/** A column header: its title (a sort button when the column sorts) and its resize handle. */
export function HeaderCell<TData extends RowData>({
  header,
  titleId,
  onKeyboardResize,
  renderTitle,
}: {
  header: Header<DataTableFeatures, TData, unknown>;
  /** Id of the title element, which names the cell. */
  titleId: string;
  onKeyboardResize: (columnId: string, size: number) => void;
  renderTitle: () => ReactNode;
}) {
  const { column } = header;
  const sorted = column.getIsSorted();
  const primary = sorted && column.getSortIndex() === 0;
  const align = column.columnDef.meta?.align ?? 'start';
  let title: ReactNode = null;
  if (!header.isPlaceholder && column.getCanSort()) {
    title = (
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className={`${sortButton} ${align === 'end' ? 'flex-row-reverse' : ''}`}
      >
        <span id={titleId} className="break-words">
          {renderTitle()}
        </span>
        <SortIcon direction={sorted} />
      </button>
    );
  } else if (!header.isPlaceholder) {
    title = <span id={titleId}>{renderTitle()}</span>;
  }
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      // Named by its title only: the resize handle inside has its own label.
      aria-labelledby={titleId}
      aria-sort={primary ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
      style={{ ...columnStyle(column), width: header.getSize() }}
      className={cellStyles({
        pinned: pinnedOf(column),
        align,
        className: [
          'sticky top-0 z-[2] bg-surface-muted text-xs font-semibold text-fg-muted',
          column.getIsPinned() ? 'z-[3]' : '',
        ].join(' '),
      })}
    >
      {title}
      {column.getCanResize() && (
        <ColumnResizeHandle header={header} onKeyboardResize={onKeyboardResize} />
      )}
    </th>
  );
}
