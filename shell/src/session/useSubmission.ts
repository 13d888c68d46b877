import { useCallback, useState } from 'react';

export interface SubmissionHandlers<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/**
 * One form's request and whether it is under way: what the auth pages need of a mutation.
 * Not react-query's useMutation, so the public pages (prerendered, docs/console/prerendered-pages.md) do not
 * download react-query; the signed-in area loads it.
 */
export function useSubmission<A, R>(action: (argument: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (argument: A, { onSuccess, onError }: SubmissionHandlers<R> = {}) => {
      setPending(true);
      action(argument).then(
        (result) => {
          setPending(false);
          onSuccess?.(result);
        },
        (error: unknown) => {
          setPending(false);
          onError?.(error);
        },
      );
    },
    [action],
  );
  return { mutate, isPending };
}
