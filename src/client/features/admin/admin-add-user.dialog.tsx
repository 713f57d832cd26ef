import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminCreateUserSchema } from '../../../shared/admin.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { AdminSecretField } from './admin-secret.field.tsx';
import { auditReads } from './refresh-audit.ts';

type Values = z.input<typeof AdminCreateUserSchema>;

const EMPTY: Values = { fullName: '', email: '', isAdmin: false };

/**
 * 'Add User': creates an account with a temporary password, which the server answers
 * once and never stores in clear. The dialog then shows it, with a copy button, for the
 * admin to pass on; closing the dialog forgets it.
 */
export function AdminAddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = trpc.admin.createUser.useMutation({
    meta: {
      success: 'User created successfully',
      error: withServerMessage('Failed to create user'),
      invalidates: [trpc.admin.users, ...auditReads],
    },
  });
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(AdminCreateUserSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    onClose();
    // After the closing animation, so the password does not vanish mid-fade.
    setTimeout(() => {
      setCreated(null);
      form.reset(EMPTY);
    }, 250);
  };

  const submit = form.handleSubmit(async (values) => {
    const result = await succeeded(
      create.mutateAsync({ ...values, isAdmin: values.isAdmin ?? false }),
    );
    if (result) setCreated({ email: result.user.email, password: result.temporaryPassword });
  });

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Add User"
      closeOnClickOutside={!created && !create.isPending}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconKey size={18} />} title="Account created">
            Give {created.email} this temporary password. It is shown only once: copy it now. They
            can change it under Account Settings after signing in.
          </Alert>
          <AdminSecretField label="Temporary password" value={created.password} />
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm
          onSubmit={submit}
          pending={create.isPending}
          submitLabel="Create User"
          onCancel={close}
        >
          <TextInput
            label="Full name"
            required
            data-autofocus
            {...form.register('fullName')}
            error={form.formState.errors.fullName?.message}
          />
          <TextInput
            label="Email"
            type="email"
            required
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Switch
            label="Platform administrator"
            description="Can open this console and manage every workspace"
            {...form.register('isAdmin')}
          />
        </DialogForm>
      )}
    </FormDialog>
  );
}
