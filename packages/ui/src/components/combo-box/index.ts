export {
  ComboBox,
  MIN_SEARCH_LENGTH,
  OPTION_SEARCH_DEBOUNCE_MS,
  SEARCH_HINT,
  useKnownItems,
  type ComboBoxProps,
} from './ComboBox';
