import { Button as MantineButton } from '@mantine/core';
import {
  type SavedFilter,
  type SavedFilterQueue,
  saveFilterBodySchema,
} from '@paws/contracts/staff-saved-filters';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorOf } from '../lib/api';
import { Button, Field, Input } from './ui';

export type FilterValues = Record<string, string>;

const savedFiltersKey = (queue: SavedFilterQueue) => ['saved-filters', queue] as const;

/** Whether two sets of filters ask for the same rows (an empty value is no filter). */
function sameFilters(a: FilterValues, b: FilterValues) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/**
 * A queue's saved filters: the staff member's own named sets of filters, one click to apply, and the current
 * filters saved under a name (the same name replaces them). Kept by the server, so they follow the member.
 */
export function SavedFilters({
  queue,
  current,
  onApply,
}: {
  queue: SavedFilterQueue;
  /** The filters the list shows now. */
  current: FilterValues;
  onApply: (filters: FilterValues) => void;
}) {
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: savedFiltersKey(queue),
    queryFn: () => api.get<SavedFilter[]>('/saved-filters', { queue }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: savedFiltersKey(queue) });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: (body: { name: string }) =>
      api.put<SavedFilter>('/saved-filters', { queue, name: body.name, filters: current }),
    onSuccess: () => {
      setNaming(false);
      setName('');
      return refresh();
    },
    onError: (error) => setProblem(errorOf(error).message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/saved-filters/${id}`),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = saveFilterBodySchema.shape.name.safeParse(name);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    save.mutate({ name: checked.data });
  };

  return (
    <section className="saved-filters" aria-label="Saved filters">
      <span className="saved-filters-title">Saved filters</span>
      {saved.isError ? (
        <span className="field-error">{errorOf(saved.error).message}</span>
      ) : saved.data?.length === 0 ? (
        <span className="field-hint">None yet</span>
      ) : (
        <ul className="saved-filters-list">
          {saved.data?.map((filter) => (
            <li key={filter.id}>
              <MantineButton.Group>
                <MantineButton
                  size="xs"
                  radius="xl"
                  variant={sameFilters(current, filter.filters) ? 'filled' : 'default'}
                  aria-pressed={sameFilters(current, filter.filters)}
                  onClick={() => onApply(filter.filters)}
                >
                  {filter.name}
                </MantineButton>
                <MantineButton
                  size="xs"
                  radius="xl"
                  variant="default"
                  aria-label={`Remove saved filter ${filter.name}`}
                  disabled={remove.isPending && remove.variables === filter.id}
                  onClick={() => remove.mutate(filter.id)}
                >
                  ×
                </MantineButton>
              </MantineButton.Group>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? (
        <span className="field-error" role="alert">
          {errorOf(remove.error).message}
        </span>
      ) : null}
      {naming ? (
        <form className="saved-filters-form" aria-label="Save these filters" onSubmit={submit} noValidate>
          <Field label="Name" error={problem}>
            {(props) => (
              <Input {...props} value={name} autoFocus onChange={(event) => setName(event.target.value)} />
            )}
          </Field>
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setNaming(false);
              setProblem(undefined);
            }}
          >
            Cancel
          </Button>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setNaming(true)}>
          Save these filters
        </Button>
      )}
    </section>
  );
}
