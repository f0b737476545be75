export { Select, SelectItem, popoverStyles, type SelectOption, type SelectProps } from './Select';
