import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InviteInputSchema, type InviteInput } from '../../../shared/team.schema.ts';
import { DialogForm } from '../../components/form-dialog.tsx';
import { SelectField } from '../../components/form/controlled-fields.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { invitedToast } from './invitation-toasts.ts';
import { roleOptions } from './team-display.ts';
import { fieldProps } from '../../components/form/field-props.ts';

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
  const { isSubmitting } = form.formState;

  const submit = async (values: InviteInput) => {
    const result = await succeeded(invite.mutateAsync(values));
    if (result) onInvited(result);
  };

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submit)}
      pending={isSubmitting}
      submitLabel={isSubmitting ? 'Sending Invitation...' : 'Send Invitation'}
      onCancel={onCancel}
    >
      <TextInput
        label="Full Name"
        placeholder="Jane Cooper"
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...fieldProps(form, 'fullName')}
      />
      <TextInput
        label="Email"
        type="email"
        placeholder="jane@company.com"
        withAsterisk
        autoComplete="off"
        {...fieldProps(form, 'email')}
      />
      <SelectField
        control={form.control}
        name="role"
        label="Permission Profile"
        description="What this person may do in the workspace."
        data={roleOptions()}
        comboboxProps={{ withinPortal: true }}
      />
    </DialogForm>
  );
}
