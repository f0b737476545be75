import { useContext, type KeyboardEvent, type Ref } from 'react';
import {
  Button,
  Collection,
  ComboBoxStateContext,
  Input,
  ListBox,
  ListBoxLoadMoreItem,
  Popover,
  Text,
} from 'react-aria-components';
import { ChevronDownIcon } from '../../icons';
import {
  Description,
  FieldError,
  FieldGroup,
  Label,
  bareInputStyles,
  type FieldBaseProps,
} from '../field';
import { SelectItem, popoverStyles, type SelectOption } from '../select';
import { SpinnerGraphic } from '../spinner';
import { SEARCH_HINT } from './use-option-search';

/** What SearchFieldParts shows: the field's texts, the search state and the options. */
export interface SearchFieldPartsProps<T extends SelectOption> extends Pick<
  FieldBaseProps,
  'label' | 'description' | 'errorMessage'
> {
  isRequired?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  onInputKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  popoverRef: Ref<HTMLElement>;
  items: Iterable<T>;
  emptyText: string;
  isLoading: boolean;
  isPending: boolean;
  showHint: boolean;
  onLoadMore?: () => void;
  isLoadingMore: boolean;
}

/**
 * What a searchable option field (ComboBox, MultiSelect) shows inside its react-aria `ComboBox`:
 * label, search input with spinner and toggle button, the 3-character hint or the description,
 * the error, and the open list.
 */
export function SearchFieldParts<T extends SelectOption>({
  label,
  isRequired,
  inputRef,
  placeholder,
  onInputKeyDown,
  description,
  errorMessage,
  popoverRef,
  items,
  emptyText,
  isLoading,
  isPending,
  showHint,
  onLoadMore,
  isLoadingMore,
}: SearchFieldPartsProps<T>) {
  const state = useContext(ComboBoxStateContext);
  return (
    <>
      {label && <Label isRequired={isRequired}>{label}</Label>}
      <FieldGroup>
        <Input
          ref={inputRef}
          placeholder={placeholder}
          className={bareInputStyles}
          onKeyDown={onInputKeyDown}
          // A press in the field shows every option, as the chevron does: people click a
          // dropdown to see its choices before typing. Focus alone (Tab) opens nothing, so
          // walking a form with the keyboard does not pop lists open. On pointer down, which
          // only a press starting in the field gives: with a click handler, choosing the
          // 'promotor' profile in the user form no longer enabled its regions (e2e journey).
          onPointerDown={(event) => {
            if (event.button === 0 && state && !state.isOpen) state.open(null, 'manual');
          }}
        />
        {isLoading && <SpinnerGraphic size="sm" className="me-1 text-fg-muted" />}
        <Button
          aria-label="Mostrar opciones"
          className="flex h-full cursor-pointer items-center px-2 text-fg-muted outline-none data-focus-visible:bg-surface-muted data-hovered:text-fg"
        >
          <ChevronDownIcon className="size-4" />
        </Button>
      </FieldGroup>
      {showHint ? (
        <Text slot="description" className="text-xs text-fg-muted">
          {SEARCH_HINT}
        </Text>
      ) : (
        description && <Description>{description}</Description>
      )}
      <FieldError>{errorMessage}</FieldError>
      <OptionsPopover
        popoverRef={popoverRef}
        items={items}
        emptyText={emptyText}
        isLoading={isLoading || isPending}
        showHint={showHint}
        onLoadMore={onLoadMore}
        isLoadingMore={isLoadingMore}
      />
    </>
  );
}

/** What an empty option list says: loading, the 3-character hint, or `text` (no match). */
function OptionsEmptyState({
  text,
  isLoading,
  showHint,
}: {
  text: string;
  isLoading: boolean;
  showHint: boolean;
}) {
  return (
    <p className="px-3 py-2 text-sm text-fg-muted">
      {showHint ? SEARCH_HINT : isLoading ? 'Cargando…' : text}
    </p>
  );
}

/**
 * The open list of a searchable option field (ComboBox, MultiSelect): the options, what an empty
 * list says, and the load-more sentinel of a paged list.
 */
function OptionsPopover<T extends SelectOption>({
  popoverRef,
  items,
  emptyText,
  isLoading,
  showHint,
  onLoadMore,
  isLoadingMore,
}: {
  popoverRef: Ref<HTMLElement>;
  items: Iterable<T>;
  emptyText: string;
  isLoading: boolean;
  showHint: boolean;
  onLoadMore?: () => void;
  isLoadingMore: boolean;
}) {
  return (
    <Popover ref={popoverRef} className={popoverStyles}>
      <ListBox<T>
        className="max-h-72 outline-none"
        renderEmptyState={() => (
          <OptionsEmptyState text={emptyText} isLoading={isLoading} showHint={showHint} />
        )}
      >
        <Collection items={items}>
          {(item) => (
            <SelectItem id={item.id} textValue={item.name} isDisabled={item.isDisabled}>
              {item.name}
            </SelectItem>
          )}
        </Collection>
        <LoadMore onLoadMore={onLoadMore} isLoading={isLoadingMore} />
      </ListBox>
    </Popover>
  );
}

/**
 * The end of a paged option list (react-aria `ListBoxLoadMoreItem`): asks for the next page when
 * it scrolls into view, and shows a spinner while it loads.
 */
function LoadMore({ onLoadMore, isLoading }: { onLoadMore?: () => void; isLoading: boolean }) {
  if (!onLoadMore && !isLoading) return null;
  return (
    <ListBoxLoadMoreItem
      onLoadMore={onLoadMore}
      isLoading={isLoading}
      className="flex justify-center py-2 text-fg-muted"
    >
      <SpinnerGraphic size="sm" />
      <span className="sr-only">Cargando más opciones</span>
    </ListBoxLoadMoreItem>
  );
}
