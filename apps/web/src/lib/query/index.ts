export {
  invalidateQueries,
  prefetchQuery,
  queryOptions,
  setQueryData,
  type QueryKey,
  type QueryOptions,
  type QueryState,
} from './queryCache';
export { useQuery, type QueryResult } from './useQuery';
export { usePagedQuery, type PagedQuery, type PagedQueryOptions } from './usePagedQuery';
