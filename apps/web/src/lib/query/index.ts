/*
 * What the app imports lib/query through. The visitor chat, in the first load of /, imports
 * queryCache and useQuery themselves instead: through this index, all of lib/query (its changes,
 * paged lists and confirmations) came with them, 1.6 KB gzipped instead of 0.8, which took / to
 * 145.5 KB, over its 145 KB budget (e2e/first-load.spec.ts, measured for issue 23).
 */
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
export {
  usePagedQuery,
  type PagedList,
  type PagedQuery,
  type PagedQueryOptions,
  type PagedState,
} from './usePagedQuery';
export {
  mutationOptions,
  useMutation,
  type Mutation,
  type MutationOptions,
  type MutationState,
  type RunFollowUp,
} from './useMutation';
export {
  useConfirmedMutation,
  type ConfirmDialogState,
  type ConfirmedMutation,
  type ConfirmedMutationOptions,
} from './useConfirmedMutation';
