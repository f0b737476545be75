import {
  useContext,
  useMemo,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import {
  Button,
  Collection,
  ComboBox as RACComboBox,
  ComboBoxStateContext,
  type ComboBoxProps as RACComboBoxProps,
  Input,
  type Key,
  ListBox,
  ListBoxLoadMoreItem,
  Popover,
  Text,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { ChevronDownIcon } from '../../icons';
import {
  Description,
  FieldError,
  FieldGroup,
  Label,
  bareInputStyles,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';
import { SelectItem, popoverStyles, type SelectOption } from '../select';
import { SpinnerGraphic } from '../spinner';
import { OPTION_SEARCH_DEBOUNCE_MS, useListEscape, useOptionSearch } from './use-option-search';

// spec 2 §5/§9: choice search starts at 3 typed characters; searches wait 500 ms.
export const MIN_SEARCH_LENGTH = 3;
export { OPTION_SEARCH_DEBOUNCE_MS };
export const SEARCH_HINT = 'Escribe al menos 3 caracteres';

export interface ComboBoxProps<T extends SelectOption>
  extends
    Omit<
      RACComboBoxProps<T>,
      | 'children'
      | 'items'
      | 'defaultItems'
      | 'validationBehavior'
      | 'selectionMode'
      | 'value'
      | 'defaultValue'
      | 'onChange'
      | 'inputValue'
      | 'defaultInputValue'
      | 'onInputChange'
      | 'selectedKey'
      | 'defaultSelectedKey'
      | 'onSelectionChange'
      | 'defaultFilter'
      | 'onBlur'
    >,
    FieldBaseProps {
  /** Options (`{ id, name }`); with `onSearchChange` these are the server's current results. */
  items: readonly T[];
  /** Selected option id; `null` when nothing is chosen. */
  value?: Key | null;
  /** Called with the chosen id, or `null` when the text is cleared. */
  onChange?: (value: Key | null) => void;
  /** Called when focus leaves the field (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /**
   * Server search: receives the typed text 500 ms after the last keystroke once it has at least
   * 3 characters, and '' when it goes back below (fewer characters never trigger a search).
   * Without it, `items` are filtered here (also from the third character on).
   */
  onSearchChange?: (search: string) => void;
  /** The chosen option when it may be missing from `items` (server search), to show its name. */
  selectedItem?: T | null;
  /** Text while nothing is typed. */
  placeholder?: string;
  /** Shows a spinner while options load. */
  isLoading?: boolean;
  /** Text when no option matches (default 'Sin resultados'). */
  emptyText?: string;
  /** Characters needed before searching (default 3). */
  minSearchLength?: number;
  /** Ref to the `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /**
   * The next page of a long list (server paging): called when the end of the list scrolls into
   * view; omit it once every option is loaded.
   */
  onLoadMore?: () => void;
  /** Shows the spinner at the end of the list while the next page loads. */
  isLoadingMore?: boolean;
}

/**
 * Searchable single choice (react-aria `ComboBox`): type to filter from the third character on,
 * arrows to move, Enter to choose, Escape to close. Items can come from the server through
 * `onSearchChange`.
 */
export function ComboBox<T extends SelectOption>({
  label,
  description,
  errorMessage,
  isTouched,
  isInvalid,
  items,
  value,
  onChange,
  onBlur,
  onSearchChange,
  selectedItem,
  placeholder,
  isLoading = false,
  emptyText = 'Sin resultados',
  minSearchLength = MIN_SEARCH_LENGTH,
  ref,
  disabled,
  isDisabled,
  className,
  onLoadMore,
  isLoadingMore = false,
  ...props
}: ComboBoxProps<T>) {
  const known = useKnownItems(items, selectedItem);
  const selected = value != null ? known.get(value) : undefined;

  const [text, setText] = useState('');
  // The chosen option's name in the input is not a search.
  const { search, loaded, filtersHere, isPending, matches } = useOptionSearch({
    items,
    isLoading,
    onSearchChange,
    minSearchLength,
    text: text === selected?.name ? '' : text,
  });
  const listEscape = useListEscape();
  const query = text.trim();
  const showHint = query.length > 0 && query.length < minSearchLength && text !== selected?.name;

  // react-aria needs the chosen option in its collection to show and restore its name, even
  // when a search (local or on the server) leaves it out; the filter below hides it instead.
  const collection = useMemo(
    () => (selected && !loaded.some((i) => i.id === selected.id) ? [...loaded, selected] : loaded),
    [loaded, selected],
  );
  const resultIds = useMemo(() => new Set(loaded.map((i) => i.id)), [loaded]);
  const visible = (item: T, input: string) => {
    if (input.trim().length < minSearchLength || input === selected?.name) return true;
    return filtersHere ? matches(item.name) : resultIds.has(item.id);
  };

  const invalid = showsError(isInvalid, isTouched);

  return (
    <RACComboBox<T>
      {...props}
      defaultItems={collection}
      defaultFilter={(textValue, input) => {
        const item = collection.find((i) => i.name === textValue);
        return item ? visible(item, input) : true;
      }}
      value={value ?? null}
      onChange={(key) => {
        search.reset();
        if (key !== (value ?? null)) onChange?.(key);
      }}
      onInputChange={(next) => {
        setText(next);
        // react-aria writes the chosen option's name here too: that is not a search.
        if (next === selected?.name) search.reset();
        else search.update(next);
      }}
      onBlur={onBlur}
      allowsEmptyCollection
      menuTrigger="input"
      isDisabled={isDisabled || disabled}
      isInvalid={invalid}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      <SearchFieldParts
        label={label}
        isRequired={props.isRequired}
        inputRef={ref}
        placeholder={placeholder}
        onInputKeyDown={listEscape.onKeyDown}
        description={description}
        errorMessage={errorMessage}
        popoverRef={listEscape.popoverRef}
        items={collection}
        emptyText={emptyText}
        isLoading={isLoading}
        isPending={isPending}
        showHint={showHint}
        onLoadMore={onLoadMore}
        isLoadingMore={isLoadingMore}
      />
    </RACComboBox>
  );
}

/** Every option seen so far by id, so a chosen option keeps its name when a search drops it. */
export function useKnownItems<T extends SelectOption>(
  items: readonly T[],
  extra?: T | readonly T[] | null,
): Map<Key, T> {
  const [cache, setCache] = useState(() => new Map<Key, T>());
  const [seen, setSeen] = useState<readonly T[] | null>(null);
  // Adjusting state while rendering (not in an effect) keeps the names available immediately.
  if (seen !== items) {
    setSeen(items);
    setCache((old) => {
      const next = new Map(old);
      for (const item of items) next.set(item.id, item);
      return next;
    });
  }
  return useMemo(() => {
    const map = new Map(cache);
    for (const item of items) map.set(item.id, item);
    const extras = extra == null ? [] : Array.isArray(extra) ? extra : [extra as T];
    for (const item of extras) if (!map.has(item.id)) map.set(item.id, item);
    return map;
  }, [cache, items, extra]);
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
}: Pick<FieldBaseProps, 'label' | 'description' | 'errorMessage'> & {
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
}) {
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
