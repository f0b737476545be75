export { Pagination, type PaginationProps } from './Pagination';
export {
  paginationRange,
  type PaginationItem,
  type PaginationRangeOptions,
} from './pagination-range';
