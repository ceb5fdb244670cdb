// A write whose success refreshes what it changed: the mutation, then its query key invalidated
// (mutateAsync resolves once the refetch is under way, as with an inline onSuccess).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useRefreshingMutation<TArgs = void, TResult = unknown>(
  mutationFn: (args: TArgs) => Promise<TResult>,
  refreshes: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: refreshes }) });
}
