import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InviteInputSchema, type InviteInput } from '../../../shared/team.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { invitedToast } from './invitation-toasts.ts';
import { roleOptions } from './team-display.ts';

type InviteFormValues = z.input<typeof InviteInputSchema>;
export type InviteResult = RouterOutputs['team']['invite'];

/** The invite form (SPEC §2): Full Name, Email, Permission Profile. */
export function InviteMemberForm({
  onInvited,
  onCancel,
}: {
  onInvited: (result: InviteResult) => void;
  onCancel: () => void;
}) {
  const invite = trpc.team.invite.useMutation({
    meta: {
      // SPEC §8's text only when the email went out; otherwise the link is to be passed on.
      success: invitedToast,
      error: withServerMessage('Failed to send invitation'),
      invalidates: [trpc.team.members, trpc.team.invitations],
    },
  });
  const form = useForm<InviteFormValues, unknown, InviteInput>({
    resolver: zodResolver(InviteInputSchema),
    defaultValues: { fullName: '', email: '', role: 'collaborator' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: InviteInput) => {
    const result = await succeeded(invite.mutateAsync(values));
    if (result) onInvited(result);
  };

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Full Name"
          placeholder="Jane Cooper"
          withAsterisk
          autoComplete="off"
          data-autofocus
          error={errors.fullName?.message}
          disabled={isSubmitting}
          {...form.register('fullName')}
        />
        <TextInput
          label="Email"
          type="email"
          placeholder="jane@company.com"
          withAsterisk
          autoComplete="off"
          error={errors.email?.message}
          disabled={isSubmitting}
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label="Permission Profile"
              description="What this person may do in the workspace."
              data={roleOptions()}
              value={field.value ?? 'collaborator'}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errors.role?.message}
              disabled={isSubmitting}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending Invitation...' : 'Send Invitation'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
