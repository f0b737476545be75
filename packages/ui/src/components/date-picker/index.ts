export { DatePicker, type DatePickerProps } from './DatePicker';
export { toCalendarDate, toIsoDate } from './iso-date';
