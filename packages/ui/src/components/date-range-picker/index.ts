export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export { clampCheckInRange, type IsoDateRange } from './clamp-check-in-range';
