import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  ContractInputSchema,
  ContractTemplateInputSchema,
  ContractTemplateUpdateSchema,
  ContractUpdateSchema,
  CountersignSchema,
} from '../../../shared/contracts.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

const contracts = [trpc.contracts, trpc.dashboard];
const templates = [trpc.contractTemplates];

/**
 * Creating, editing, sending, revising, voiding, countersigning and deleting contracts, and
 * their templates, with toasts shown once the server has answered. Each resolves to the
 * saved result, or undefined after the error toast.
 */
export function useContractMutations() {
  const { mutateAsync: create } = trpc.contracts.create.useMutation({
    meta: {
      success: ['Contract created', 'It is a draft until you send it.'],
      error: withServerMessage('Failed to create the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: update } = trpc.contracts.update.useMutation({
    meta: {
      success: 'Draft saved',
      error: withServerMessage('Failed to save the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: send } = trpc.contracts.send.useMutation({
    meta: {
      success: 'Contract sent',
      error: withServerMessage('Failed to send the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: revise } = trpc.contracts.revise.useMutation({
    meta: {
      success: ['New version drafted', 'The previous version is void; send this one when ready.'],
      error: withServerMessage('Failed to revise the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: voidContract } = trpc.contracts.void.useMutation({
    meta: {
      success: 'Contract voided',
      error: withServerMessage('Failed to void the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: countersign } = trpc.contracts.countersign.useMutation({
    meta: {
      success: ['Contract countersigned', 'Both parties have signed: it is completed.'],
      error: withServerMessage('Failed to countersign the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: remove } = trpc.contracts.delete.useMutation({
    meta: {
      success: 'Contract deleted',
      error: withServerMessage('Failed to delete the contract.'),
      invalidates: contracts,
    },
  });
  const { mutateAsync: createTemplate } = trpc.contractTemplates.create.useMutation({
    meta: {
      success: 'Template created',
      error: withServerMessage('Failed to create the template.'),
      invalidates: templates,
    },
  });
  const { mutateAsync: updateTemplate } = trpc.contractTemplates.update.useMutation({
    meta: {
      success: 'Template saved',
      error: withServerMessage('Failed to save the template.'),
      invalidates: templates,
    },
  });
  const { mutateAsync: removeTemplate } = trpc.contractTemplates.delete.useMutation({
    meta: {
      success: 'Template deleted',
      error: withServerMessage('Failed to delete the template.'),
      invalidates: templates,
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof ContractInputSchema>) => succeeded(create(input)),
      update: (input: z.input<typeof ContractUpdateSchema>) => succeeded(update(input)),
      send: (id: number, message?: string) => succeeded(send({ id, message })),
      revise: (id: number) => succeeded(revise({ id })),
      void: (id: number, reason: string) => succeeded(voidContract({ id, reason })),
      countersign: (input: z.input<typeof CountersignSchema>) => succeeded(countersign(input)),
      remove: async (id: number) => (await succeeded(remove({ id }))) !== undefined,
      createTemplate: (input: z.input<typeof ContractTemplateInputSchema>) =>
        succeeded(createTemplate(input)),
      updateTemplate: (input: z.input<typeof ContractTemplateUpdateSchema>) =>
        succeeded(updateTemplate(input)),
      removeTemplate: async (id: number) => (await succeeded(removeTemplate({ id }))) !== undefined,
    }),
    [
      create,
      update,
      send,
      revise,
      voidContract,
      countersign,
      remove,
      createTemplate,
      updateTemplate,
      removeTemplate,
    ],
  );
}
