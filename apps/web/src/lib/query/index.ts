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
