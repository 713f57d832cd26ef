import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Group,
  List,
  Stack,
  Table,
  Text,
  TextInput,
  type MantineColor,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCreditCard,
  IconPlugConnected,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type {
  PaymentConnectionTest,
  PaymentSettings,
  StripeEvent,
} from '../../../shared/payments-online.schema.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { NumberField, SwitchField } from '../../components/form/controlled-fields.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { QueryData } from '../../components/query-state.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { usePhone } from '../../components/use-phone.ts';
import { withServerMessage } from '../../mutations.ts';
import { isApiError, trpc } from '../../trpc.ts';
import {
  PaymentSettingsFormSchema,
  readiness,
  STRIPE_WEBHOOK_EVENTS,
  toPaymentSettingsForm,
  type PaymentSettingsFormInput,
  type PaymentSettingsFormOutput,
} from './payment-settings.form-schema.ts';

/** "Ready" in green, else "Not ready" or "Off" with what is missing beside it. */
function ReadinessBadge({ saved }: { saved: PaymentSettings }) {
  const { ready, label, detail } = readiness(saved);
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {!ready && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
      <Badge
        color={ready ? 'teal' : 'gray'}
        variant="light"
        aria-label={`Online payment: ${label}`}
      >
        {label}
      </Badge>
    </Group>
  );
}

/** A write-only secret: the last 4 characters of the saved one, and an empty input to replace it. */
function secretProps(set: boolean, last4: string | null, example: string) {
  return set
    ? {
        description: `Set, ending in ${last4 ?? '····'}`,
        placeholder: 'Leave empty to keep it',
      }
    : { description: 'Not set', placeholder: example };
}

const SERVER_FIELDS = new Set<string>([
  'enabled',
  'publishableKey',
  'secretKey',
  'webhookSecret',
  'methods',
  'allowPartial',
  'minimumPartial',
]);

/** Where a refusal of the server belongs: the fields its details name (or its message does). */
function serverFieldErrors(error: unknown): [FieldPath<PaymentSettingsFormInput>, string][] {
  if (!isApiError(error)) return [];
  const details = (error.data as { details?: { path: string; message: string }[] } | undefined)
    ?.details;
  const named = (details ?? [])
    .map((d) => [d.path.split('.')[0]!, d.message] as const)
    .filter(([path]) => SERVER_FIELDS.has(path)) as [FieldPath<PaymentSettingsFormInput>, string][];
  if (named.length > 0) return named;
  if (error.message.startsWith('Minimum partial payment'))
    return [['minimumPartial', error.message]];
  return [];
}

function PaymentSettingsForm({ saved }: { saved: PaymentSettings }) {
  const utils = trpc.useUtils();
  const save = trpc.paymentsOnline.updateSettings.useMutation({
    meta: {
      success: (settings: PaymentSettings) => [
        'Payment settings saved',
        settings.ready
          ? 'Clients can pay their invoices online in the portal.'
          : 'Clients cannot pay online until the settings are ready.',
      ],
      error: withServerMessage('Failed to save the payment settings.'),
    },
  });
  const form = useForm<PaymentSettingsFormInput, unknown, PaymentSettingsFormOutput>({
    resolver: zodResolver(PaymentSettingsFormSchema),
    defaultValues: toPaymentSettingsForm(saved),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const { reset } = form;
  useEffect(() => reset(toPaymentSettingsForm(saved)), [saved, reset]);
  const allowPartial = useWatch({ control: form.control, name: 'allowPartial' });

  const submit = form.handleSubmit(async (values) => {
    const result = await save.mutateAsync(values).catch((error: unknown) => {
      for (const [field, message] of serverFieldErrors(error)) form.setError(field, { message });
      return undefined;
    });
    if (result) {
      utils.paymentsOnline.settings.setData(undefined, result);
      reset(toPaymentSettingsForm(result));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <SwitchField
            control={form.control}
            name="enabled"
            label="Take payments online"
            description='Invoices with a balance show "Pay now" in the client portal.'
          />
          <TextInput
            {...form.register('publishableKey')}
            label="Publishable key"
            placeholder="pk_live_…"
            autoComplete="off"
            spellCheck={false}
            error={errors.publishableKey?.message}
          />
          <PasswordField
            {...form.register('secretKey')}
            label="Secret key"
            autoComplete="new-password"
            {...secretProps(saved.secretKeySet, saved.secretKeyLast4, 'sk_live_…')}
            error={errors.secretKey?.message}
          />
          <PasswordField
            {...form.register('webhookSecret')}
            label="Webhook signing secret"
            autoComplete="new-password"
            {...secretProps(saved.webhookSecretSet, saved.webhookSecretLast4, 'whsec_…')}
            error={errors.webhookSecret?.message}
          />
          <Controller
            control={form.control}
            name="methods"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Accepted methods"
                description="What the portal tells clients they can pay with."
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Group mt="xs">
                  <Checkbox value="card" label="Card" ref={field.ref} onBlur={field.onBlur} />
                </Group>
              </Checkbox.Group>
            )}
          />
          <SwitchField
            control={form.control}
            name="allowPartial"
            label="Allow partial payments"
            description="Clients may pay part of the balance at a time."
          />
          {allowPartial && (
            <NumberField
              control={form.control}
              name="minimumPartial"
              label="Minimum partial payment"
              description="The least a client may pay at once, in the invoice's currency. A smaller balance is paid whole."
              placeholder="No minimum"
              min={0}
              decimalScale={2}
              hideControls
              maw={280}
            />
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!isDirty}
              onClick={() => reset(toPaymentSettingsForm(saved))}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save payment settings
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

function WebhookInstructions({ url }: { url: string | null }) {
  return (
    <Stack gap="md">
      {url ? (
        <CopyLinkField
          url={url}
          label="Webhook URL"
          description="In Stripe: Developers → Webhooks → Add endpoint, then paste this address."
          copyLabel="Copy webhook URL"
        />
      ) : (
        <Text size="sm" c="dimmed">
          Save the settings to get your webhook URL
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="stripe-webhook-events">
          Events to send
        </Text>
        <List size="sm" spacing={4} aria-labelledby="stripe-webhook-events">
          {STRIPE_WEBHOOK_EVENTS.map((event) => (
            <List.Item key={event}>
              <Code style={{ overflowWrap: 'anywhere' }}>{event}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Then copy the endpoint&apos;s signing secret (whsec_…) into Webhook signing secret above.
        </Text>
      </Stack>
    </Stack>
  );
}

function ConnectionResult({ result }: { result: PaymentConnectionTest }) {
  if (!result.ok)
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Stripe refused the connection"
      >
        {result.message}
      </Alert>
    );
  const facts: [string, string][] = [
    ['Account', [result.accountName, result.accountId].filter(Boolean).join(' · ') || 'Unnamed'],
    ['Mode', result.mode === 'live' ? 'Live' : 'Test'],
    ['Default currency', result.defaultCurrency ?? 'Not set'],
    [
      'Charges',
      result.chargesEnabled === null
        ? 'Unknown'
        : result.chargesEnabled
          ? 'Enabled'
          : 'Not enabled yet',
    ],
  ];
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} />} title={result.message}>
      <Stack gap={2}>
        {facts.map(([label, value]) => (
          <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}: {value}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function TestConnection({ saved }: { saved: PaymentSettings }) {
  const test = trpc.paymentsOnline.testConnection.useMutation({
    meta: { error: withServerMessage('Failed to test the connection.') },
  });
  return (
    <Stack gap="md">
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} />}
          loading={test.isPending}
          disabled={!saved.secretKeySet}
          onClick={() => test.mutate()}
        >
          Test connection
        </Button>
        {!saved.secretKeySet && (
          <Text size="sm" c="dimmed">
            Save a secret key first
          </Text>
        )}
      </Group>
      {test.data && <ConnectionResult result={test.data} />}
    </Stack>
  );
}

const OUTCOMES: Record<StripeEvent['outcome'], { label: string; color: MantineColor }> = {
  received: { label: 'Received', color: 'blue' },
  applied: { label: 'Applied', color: 'teal' },
  duplicate: { label: 'Duplicate', color: 'gray' },
  ignored: { label: 'Ignored', color: 'gray' },
  unknown_session: { label: 'Unknown session', color: 'gray' },
  not_paid: { label: 'Not paid', color: 'yellow' },
  currency_mismatch: { label: 'Currency mismatch', color: 'red' },
  invoice_void: { label: 'Invoice void', color: 'orange' },
  deferred: { label: 'Deferred', color: 'yellow' },
};

function OutcomeBadge({ outcome }: { outcome: StripeEvent['outcome'] }) {
  const { label, color } = OUTCOMES[outcome];
  return (
    <Badge color={color} variant="light" size="sm">
      {label}
    </Badge>
  );
}

function RecentEvents() {
  const phone = usePhone();
  const events = trpc.paymentsOnline.events.useQuery({ limit: 20 });
  return (
    <QueryData query={events} what="Stripe events" loaderPy={24}>
      {(list) =>
        list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No events from Stripe yet. They appear here once the webhook is set up and a client
            pays.
          </Text>
        ) : phone ? (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((event) => (
              <Stack key={event.id} component="li" gap={4}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {event.type}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <OutcomeBadge outcome={event.outcome} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {showDateTime(event.receivedAt)} · {event.id}
                  </Text>
                </Group>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {event.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{event.type}</Table.Td>
                    <Table.Td>{showDateTime(event.receivedAt)}</Table.Td>
                    <Table.Td>
                      <OutcomeBadge outcome={event.outcome} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryData>
  );
}

/**
 * /settings → Payments (issue 42), owners and administrators only: the workspace's Stripe
 * keys (the secrets write-only: the server answers their last 4 characters, never them),
 * the webhook URL to paste into Stripe, a connection test, and the events Stripe sent.
 */
export function PaymentSettingsTab() {
  const settings = trpc.paymentsOnline.settings.useQuery();
  return (
    <QueryData query={settings} what="payment settings" loaderPy={24}>
      {(saved) => (
        <Stack gap="lg">
          <SectionCard
            headingOrder={3}
            icon={IconCreditCard}
            title="Stripe"
            hint="Clients pay invoices by card in the portal, and the payment is recorded on the invoice."
            action={<ReadinessBadge saved={saved} />}
          >
            <PaymentSettingsForm saved={saved} />
          </SectionCard>
          <SectionCard
            headingOrder={3}
            title="Webhook"
            hint="Stripe tells Keel at this address when a client paid or was refunded."
          >
            <WebhookInstructions url={saved.webhookUrl} />
          </SectionCard>
          <SectionCard
            headingOrder={3}
            title="Connection"
            hint="Check which Stripe account the saved secret key opens."
          >
            <TestConnection saved={saved} />
          </SectionCard>
          <SectionCard
            headingOrder={3}
            title="Recent events"
            hint="The last events Stripe sent, and what Keel did with each."
          >
            <RecentEvents />
          </SectionCard>
        </Stack>
      )}
    </QueryData>
  );
}
