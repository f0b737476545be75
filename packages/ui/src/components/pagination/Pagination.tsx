import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from '../../icons';
import { Button } from '../button';
import { paginationRange } from './pagination-range';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; nothing is rendered when it is 0. */
  totalPages: number;
  /** Called with the 1-based page the user chose. */
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current page (spec 2 §9: 1). */
  siblingCount?: number;
  /** Shows 'Primera página' / 'Última página' buttons (hidden by default, spec 2 §9). */
  showFirstLastButtons?: boolean;
  /** Disables every button, e.g. while a page loads. */
  isDisabled?: boolean;
  /** Accessible name of the navigation landmark. */
  'aria-label'?: string;
  /** Extra classes for the <nav>. */
  className?: string;
}

/** Page navigation: previous/next, page numbers with ellipses, optional first/last. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  siblingCount = 1,
  showFirstLastButtons = false,
  isDisabled = false,
  'aria-label': ariaLabel = 'Paginación',
  className,
}: PaginationProps) {
  if (totalPages <= 0) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const items = paginationRange({ totalPages, currentPage: current, siblingCount });
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= totalPages) onPageChange(target);
  };
  const atStart = isDisabled || current <= 1;
  const atEnd = isDisabled || current >= totalPages;

  return (
    <nav aria-label={ariaLabel} className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        {showFirstLastButtons && (
          <li>
            <Button
              aria-label="Primera página"
              variant="icon"
              size="sm"
              isDisabled={atStart}
              onPress={() => go(1)}
            >
              <ChevronsLeftIcon className="size-4" />
            </Button>
          </li>
        )}
        <li>
          <Button
            aria-label="Página anterior"
            variant="icon"
            size="sm"
            isDisabled={atStart}
            onPress={() => go(current - 1)}
          >
            <ChevronLeftIcon className="size-4" />
          </Button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li
              key={index < items.length / 2 ? 'ellipsis-start' : 'ellipsis-end'}
              aria-hidden="true"
              className="inline-flex h-8 min-w-8 items-center justify-center text-sm text-fg-muted"
            >
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                aria-label={`Página ${item}`}
                aria-current={item === current ? 'page' : undefined}
                variant={item === current ? 'primary' : 'ghost'}
                size="sm"
                className="min-w-8 px-2"
                isDisabled={isDisabled && item !== current}
                onPress={() => go(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            aria-label="Página siguiente"
            variant="icon"
            size="sm"
            isDisabled={atEnd}
            onPress={() => go(current + 1)}
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </li>
        {showFirstLastButtons && (
          <li>
            <Button
              aria-label="Última página"
              variant="icon"
              size="sm"
              isDisabled={atEnd}
              onPress={() => go(totalPages)}
            >
              <ChevronsRightIcon className="size-4" />
            </Button>
          </li>
        )}
      </ul>
    </nav>
  );
}
