export { ComboBox, type ComboBoxProps } from './ComboBox';
export { useKnownItems } from './search-field';
export { MIN_SEARCH_LENGTH, OPTION_SEARCH_DEBOUNCE_MS, SEARCH_HINT } from './use-option-search';
