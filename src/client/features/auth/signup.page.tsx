import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBrandGoogle } from '@tabler/icons-react';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SignupFormSchema, type SignupForm } from '../../../shared/auth.schema.ts';
import { slugify } from '../../../shared/slug.ts';
import { SignupWorkspaceFormSchema } from '../../../shared/workspaces.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { CREATION_FAILED, createWorkspaceErrorMessage } from '../workspaces/workspace-errors.ts';
import { AuthFootLink, AuthForm, AuthHeading } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SIGNUP_FAILED, signupErrorMessage } from './auth-errors.ts';
import { useMe, useRefreshSession } from './session.ts';
import { fieldProps } from '../../components/form/field-props.ts';

type WorkspaceForm = z.input<typeof SignupWorkspaceFormSchema>;
type Step = 'account' | 'workspace' | 'redirecting';

/** SPEC §9: the pause on "Setting up your workspace..." before moving on. */
const REDIRECT_DELAY_MS = 1500;

function StepHeading({ step, title, text }: { step: number; title: string; text: string }) {
  return (
    <AuthHeading
      title={title}
      eyebrow={
        <Text size="xs" fw={700} tt="uppercase" c="indigo" lts={0.5}>
          Step {step} of 2
        </Text>
      }
    >
      {text}
    </AuthHeading>
  );
}

function AccountStep({
  defaults,
  onNext,
}: {
  defaults: SignupForm;
  onNext: (values: SignupForm) => void;
}) {
  const form = useForm<SignupForm>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: defaults,
  });
  return (
    <Stack gap="xl">
      <StepHeading
        step={1}
        title="Create your account"
        text="Start managing clients, projects and invoices in one place."
      />
      <AuthForm
        onSubmit={(event) => void form.handleSubmit(onNext)(event)}
        submitLabel={['Continue']}
      >
        <TextInput
          label="Full name"
          placeholder="Jane Cooper"
          autoComplete="name"
          autoFocus
          {...fieldProps(form, 'fullName')}
        />
        <TextInput
          label="Work email"
          placeholder="jane@company.com"
          type="email"
          autoComplete="email"
          {...fieldProps(form, 'email')}
        />
        {/* SPEC §5 says 'Minimum 8 characters' here but the rule is 6; say what is true. */}
        <PasswordField
          label="Password"
          placeholder="At least 6 characters"
          autoComplete="new-password"
          {...fieldProps(form, 'password')}
        />
      </AuthForm>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        disabled
        leftSection={<IconBrandGoogle size={18} />}
      >
        Continue with Google
      </Button>
      <Stack gap="xs">
        <Text size="xs" c="dimmed" ta="center">
          By signing up you agree to our{' '}
          <Anchor
            size="xs"
            underline="always"
            renderRoot={(props) => <Link to="/terms" {...props} />}
          >
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor
            size="xs"
            underline="always"
            renderRoot={(props) => <Link to="/privacy" {...props} />}
          >
            Privacy Policy
          </Anchor>
          .
        </Text>
        <AuthFootLink prompt="Already have an account?" to="/login">
          Sign in
        </AuthFootLink>
      </Stack>
    </Stack>
  );
}

function WorkspaceStep({
  defaults,
  pending,
  canGoBack,
  onBack,
  onSubmit,
}: {
  defaults: WorkspaceForm;
  pending: boolean;
  canGoBack: boolean;
  onBack: (values: WorkspaceForm) => void;
  onSubmit: (values: WorkspaceForm) => Promise<void>;
}) {
  const form = useForm<WorkspaceForm>({
    resolver: zodResolver(SignupWorkspaceFormSchema),
    defaultValues: defaults,
  });
  const slug = slugify(form.watch('workspaceName'));
  return (
    <Stack gap="xl">
      <StepHeading
        step={2}
        title="Name your workspace"
        text="A workspace holds your clients, projects and team. You can rename it later."
      />
      <AuthForm
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        pending={pending}
        submitLabel={['Create Workspace', 'Creating...']}
        onBack={canGoBack ? () => onBack(form.getValues()) : null}
      >
        <TextInput
          label="Workspace name"
          placeholder="Acme Studio"
          autoFocus
          description={slug ? `Workspace URL: ${slug}` : undefined}
          {...fieldProps(form, 'workspaceName')}
        />
      </AuthForm>
    </Stack>
  );
}

/**
 * /signup (SPEC §2, §4): account details, then the workspace name; the account and the
 * workspace are created only when the second step is submitted.
 */
export function SignupPage() {
  useDocumentTitle('Sign up · Keel');
  const me = useMe();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshSession = useRefreshSession();
  const signup = trpc.auth.signup.useMutation({
    meta: {
      success: 'Account created successfully!',
      error: (error: unknown) => [SIGNUP_FAILED, signupErrorMessage(error)],
    },
  });
  const createWorkspace = trpc.workspaces.create.useMutation({
    meta: {
      success: 'Workspace created successfully!',
      error: (error: unknown) => [CREATION_FAILED, createWorkspaceErrorMessage(error)],
    },
  });

  const [step, setStep] = useState<Step>('account');
  const [account, setAccount] = useState<SignupForm>({ fullName: '', email: '', password: '' });
  const [workspace, setWorkspace] = useState<WorkspaceForm>({ workspaceName: '' });
  // Once the account exists a retry only creates the workspace.
  const [accountCreated, setAccountCreated] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (step !== 'redirecting') return;
    let cancelled = false;
    const redirect = async () => {
      let target: '/' | '/workspace-selector' = '/workspace-selector';
      try {
        const mine = await utils.workspaces.listMine.fetch();
        if (mine.length === 1) target = '/';
      } catch {
        // SPEC §2: the selector also when the list cannot be fetched.
      }
      if (cancelled) return;
      await refreshSession();
      await navigate({ to: target, replace: true });
    };
    // The redirect is the timer's whole job: nothing waits for it (a failed fetch is handled).
    const timer = setTimeout(() => void redirect(), REDIRECT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [step, utils, refreshSession, navigate]);

  // Someone already signed in who opens /signup has nothing to do here.
  if (me.data && step !== 'redirecting' && !accountCreated) return <Navigate to="/" replace />;

  const submitWorkspace = async (values: WorkspaceForm) => {
    setWorkspace(values);
    setPending(true);
    try {
      if (!accountCreated) {
        if ((await succeeded(signup.mutateAsync(account))) === undefined) {
          setStep('account');
          return;
        }
        setAccountCreated(true);
      }
      const name = values.workspaceName.trim();
      const created = await succeeded(
        createWorkspace.mutateAsync({
          name,
          slug: slugify(name) || undefined,
          email: account.email,
        }),
      );
      if (created !== undefined) setStep('redirecting');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout>
      {step === 'account' && (
        <AccountStep
          defaults={account}
          onNext={(values) => {
            setAccount(values);
            setStep('workspace');
          }}
        />
      )}
      {step === 'workspace' && (
        <WorkspaceStep
          defaults={workspace}
          pending={pending}
          canGoBack={!accountCreated}
          onBack={(values) => {
            setWorkspace(values);
            setStep('account');
          }}
          onSubmit={submitWorkspace}
        />
      )}
      {step === 'redirecting' && (
        <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
          <Loader size="lg" />
          <Title order={1} fz={24} ta="center">
            Setting up your workspace...
          </Title>
          <Text c="dimmed" ta="center">
            This only takes a moment.
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
