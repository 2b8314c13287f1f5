import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type RequestOptions } from '../app/api';

/**
 * A write through the API that refreshes the cached answers under `keys` (query key prefixes from
 * the modules' key factories) when it succeeds. The refresh is not awaited: a dialog closes at once
 * and the lists catch up.
 */
export function useWrite<V, R>(write: (vars: V) => Promise<R>, keys: readonly QueryKey[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    },
  });
}

type WriteOptions = Pick<RequestOptions, 'silent'> & {
  /** `body`: the resource's id travels in the body (`PUT /store {id, …}`, `DELETE /store {id}`), not in the path. */
  idIn?: 'path' | 'body';
};

/**
 * A request body as a form holds it: any field may still be empty. The form validated it with the
 * shared schema of `B`, and the server validates it again.
 */
export type FormBody<B> = { [K in keyof B]?: B[K] | null };

/** What an update sends: the row's id and the form's values. */
type Update<B> = { id: number; body: FormBody<B> };

/**
 * The create / update / delete hooks of one REST resource at `path` (`POST path`, `PUT path/:id`,
 * `DELETE path/:id`, or with `idIn: 'body'` the id in the body), each refreshing `keys`, and `useSave`:
 * `save(id, body)` creates without an id and updates with one (what an add / edit dialog does).
 * `R` is what create and update answer, `D` what delete answers.
 */
export function resourceWrites<B, R = unknown, D = unknown>(path: string, keys: readonly QueryKey[], options: WriteOptions = {}) {
  const { idIn = 'path', silent } = options;
  const useCreate = () => useWrite((body: FormBody<B>) => api.post<R>(path, body, { silent }), keys);
  const useUpdate = () =>
    useWrite(
      ({ id, body }: Update<B>) =>
        idIn === 'body' ? api.put<R>(path, { ...body, id }, { silent }) : api.put<R>(`${path}/${id}`, body, { silent }),
      keys,
    );
  const useDelete = () => useWrite((id: number) => (idIn === 'body' ? api.delete<D>(path, { id }) : api.delete<D>(`${path}/${id}`)), keys);
  const useSave = () => {
    const create = useCreate();
    const update = useUpdate();
    return (id: number | undefined, body: FormBody<B>) => (id === undefined ? create.mutateAsync(body) : update.mutateAsync({ id, body }));
  };
  return { useDelete, useSave };
}
