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

/** An icon button stepping to another page ('Página anterior', 'Primera página'...). */
function StepButton({
  label,
  icon: Icon,
  isDisabled,
  onPress,
}: {
  label: string;
  icon: typeof ChevronLeftIcon;
  isDisabled: boolean;
  onPress: () => void;
}) {
  return (
    <li>
      <Button aria-label={label} variant="icon" size="sm" isDisabled={isDisabled} onPress={onPress}>
        <Icon className="size-4" />
      </Button>
    </li>
  );
}

/** The button of one page number. */
function PageItem({
  item,
  current,
  isDisabled,
  onPress,
}: {
  item: number;
  current: number;
  isDisabled: boolean;
  onPress: () => void;
}) {
  return (
    <li>
      <Button
        aria-label={`Página ${item}`}
        aria-current={item === current ? 'page' : undefined}
        variant={item === current ? 'primary' : 'ghost'}
        size="sm"
        className="min-w-8 px-2"
        isDisabled={isDisabled && item !== current}
        onPress={onPress}
      >
        {item}
      </Button>
    </li>
  );
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
  const go = (target: number) => () => {
    if (target !== current && target >= 1 && target <= totalPages) onPageChange(target);
  };
  const atStart = isDisabled || current <= 1;
  const atEnd = isDisabled || current >= totalPages;

  return (
    <nav aria-label={ariaLabel} className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        {showFirstLastButtons && (
          <StepButton
            label="Primera página"
            icon={ChevronsLeftIcon}
            isDisabled={atStart}
            onPress={go(1)}
          />
        )}
        <StepButton
          label="Página anterior"
          icon={ChevronLeftIcon}
          isDisabled={atStart}
          onPress={go(current - 1)}
        />
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
            <PageItem
              key={item}
              item={item}
              current={current}
              isDisabled={isDisabled}
              onPress={go(item)}
            />
          ),
        )}
        <StepButton
          label="Página siguiente"
          icon={ChevronRightIcon}
          isDisabled={atEnd}
          onPress={go(current + 1)}
        />
        {showFirstLastButtons && (
          <StepButton
            label="Última página"
            icon={ChevronsRightIcon}
            isDisabled={atEnd}
            onPress={go(totalPages)}
          />
        )}
      </ul>
    </nav>
  );
}
