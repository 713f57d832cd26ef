import { useMemo } from 'react';
import type { z } from 'zod';
import type { Form, FormInputSchema, FormUpdateSchema } from '../../../shared/forms.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * Adding, saving and deleting lead forms, with toasts after the server answered. `save`
 * rejects with the server's error (the builder puts its per-field details on the inputs);
 * the others resolve to the saved row (or true), or undefined/false after the error toast.
 */
export function useFormMutations() {
  const { mutateAsync: create } = trpc.forms.create.useMutation({
    meta: {
      success: 'Form created',
      error: withServerMessage('Failed to create the form'),
      invalidates: [trpc.forms],
    },
  });
  const { mutateAsync: update } = trpc.forms.update.useMutation({
    meta: {
      success: 'Form saved',
      error: withServerMessage('Failed to save the form'),
      invalidates: [trpc.forms],
    },
  });
  const { mutateAsync: remove } = trpc.forms.delete.useMutation({
    meta: {
      success: 'Form deleted',
      error: withServerMessage('Failed to delete the form'),
      invalidates: [trpc.forms],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof FormInputSchema>): Promise<Form | undefined> =>
        succeeded(create(input)),
      save: (input: z.input<typeof FormUpdateSchema>): Promise<Form> => update(input),
      remove: async (form: Pick<Form, 'id'>) =>
        (await succeeded(remove({ id: form.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}
