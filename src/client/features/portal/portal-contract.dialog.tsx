import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  PortalSignSchema,
  type ContractParty,
  type PortalContract,
  type PortalContractSummary,
  type SignatureInput,
} from '../../../shared/contracts.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { SignaturePad } from '../../components/signature-pad.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { ContractDocument } from '../contracts/contract-document.tsx';
import { usePortalDates } from './portal-clock.tsx';
import { CONTRACT_STATUS, StatusBadge, statusLook } from './portal-document.tsx';

/**
 * A contract in the portal: the document, then while it may be signed, "Sign" (full name,
 * signature, consent) and "Decline" (reason); once signed, "Signed" and its PDF. An expired,
 * void or declined contract says why and offers nothing. Opening it tells the business it
 * was viewed.
 */
export function PortalContractDialog({
  token,
  contract,
  onClose,
}: {
  token: string;
  contract: PortalContractSummary | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={contract !== null}
      onClose={onClose}
      title={contract?.title ?? ''}
      size="xl"
    >
      {contract && <PortalContractBody token={token} id={contract.id} />}
    </FormDialog>
  );
}

function PortalContractBody({ token, id }: { token: string; id: number }) {
  const detail = trpc.portal.contract.useQuery({ token, id });
  const utils = trpc.useUtils();
  const loaded = detail.data?.id;
  useEffect(() => {
    // Serving it marked it viewed: the list behind says so at once.
    if (loaded !== undefined) void utils.portal.view.invalidate();
  }, [loaded, utils]);
  if (detail.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the contract" />
      </Center>
    );
  if (detail.isError || !detail.data)
    return (
      <Alert color="red" variant="light">
        The contract could not be loaded.
      </Alert>
    );
  return <PortalContractView token={token} contract={detail.data} />;
}

function PartyLines({ label, party }: { label: string; party: ContractParty | null }) {
  if (!party) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {party.name}
      </Text>
      {party.address && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {party.address}
        </Text>
      )}
    </Stack>
  );
}

/** Why a contract offers nothing to do. */
function closedReason(contract: PortalContract): string | null {
  switch (contract.status) {
    case 'expired':
      return 'The time to sign this contract has passed. Ask for a new version if you still want to sign it.';
    case 'void':
      return 'This contract was withdrawn and can no longer be signed.';
    case 'declined':
      return 'You declined this contract.';
    default:
      return null;
  }
}

function PortalContractView({ token, contract }: { token: string; contract: PortalContract }) {
  const { day, dateTime } = usePortalDates();
  const [declining, setDeclining] = useState(false);
  const signed = contract.status === 'signed' || contract.status === 'completed';
  const closed = closedReason(contract);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <StatusBadge status={statusLook(CONTRACT_STATUS, contract.status)} />
        {contract.fee !== null && (
          <Text size="sm" fw={600}>
            {formatMoney(contract.fee, contract.currency)}
          </Text>
        )}
        {contract.startDate && <Text size="sm">From {day(contract.startDate)}</Text>}
        {contract.endDate && <Text size="sm">to {day(contract.endDate)}</Text>}
        {contract.signable && contract.expiresAt && (
          <Text size="sm" c="dimmed">
            Sign by {dateTime(contract.expiresAt)}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PartyLines label="From" party={contract.businessParty} />
        <PartyLines label="To" party={contract.clientParty} />
      </SimpleGrid>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <ContractDocument body={contract.body} label="Contract" />
      </Card>

      {contract.signatures.length > 0 && (
        <Stack gap={4} aria-label="Signatures">
          {contract.signatures.map((s) => (
            <Text key={s.party} size="sm">
              {s.party === 'client' ? 'Signed' : 'Countersigned'} by {s.name} on{' '}
              {dateTime(s.signedAt)}
            </Text>
          ))}
        </Stack>
      )}

      {signed && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Signed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {contract.status === 'completed'
                ? 'Both parties have signed this contract.'
                : 'Thank you: your signature is recorded. You will be able to download the copy signed by both parties once it is countersigned.'}
            </Text>
            <Button
              component="a"
              href={`/api/portal/${token}/contracts/${contract.id}/pdf`}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
            >
              Download PDF
            </Button>
          </Stack>
        </Alert>
      )}
      {closed && (
        <Alert color="gray" variant="light" title="Not signable">
          {closed}
        </Alert>
      )}
      {contract.signable &&
        (declining ? (
          <DeclineForm token={token} contract={contract} onCancel={() => setDeclining(false)} />
        ) : (
          <SignForm token={token} contract={contract} onDecline={() => setDeclining(true)} />
        ))}
    </Stack>
  );
}

function SignForm({
  token,
  contract,
  onDecline,
}: {
  token: string;
  contract: PortalContract;
  onDecline: () => void;
}) {
  const sign = trpc.portal.signContract.useMutation({
    meta: {
      success: 'Contract signed',
      error: withServerMessage('Your signature could not be recorded.'),
      invalidates: [trpc.portal.view, trpc.portal.contract],
    },
  });
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<SignatureInput | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; signature?: string; consent?: string }>({});

  const submit = async () => {
    const parsed = PortalSignSchema.safeParse({
      id: contract.id,
      name,
      signature: signature ?? undefined,
      consent,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        if (key in found) continue;
        if (key === 'name' || key === 'consent') found[key] = issue.message;
        if (key === 'signature')
          found.signature = signature === null ? 'Draw or type your signature' : issue.message;
      }
      setErrors(found);
      return;
    }
    await succeeded(sign.mutateAsync({ token, ...parsed.data }));
  };

  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="sign-heading"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="md" id="sign-heading">
            Sign
          </Title>
          <TextInput
            label="Your full name"
            withAsterisk
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((e) => ({ ...e, name: undefined }));
            }}
            error={errors.name}
            maxLength={200}
            autoComplete="name"
            disabled={sign.isPending}
          />
          <SignaturePad
            onChange={(next) => {
              setSignature(next);
              setErrors((e) => ({ ...e, signature: undefined }));
            }}
            error={errors.signature}
            disabled={sign.isPending}
          />
          <Checkbox
            label="I agree to sign this contract electronically"
            checked={consent}
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              setErrors((e) => ({ ...e, consent: undefined }));
            }}
            error={errors.consent}
            disabled={sign.isPending}
          />
          <Text size="xs" c="dimmed">
            Your name, signature, the time, your IP address and browser are recorded with a
            fingerprint of this exact text.
          </Text>
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={onDecline}
              disabled={sign.isPending}
            >
              Decline
            </Button>
            <Button type="submit" loading={sign.isPending}>
              Sign
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DeclineForm({
  token,
  contract,
  onCancel,
}: {
  token: string;
  contract: PortalContract;
  onCancel: () => void;
}) {
  const decline = trpc.portal.declineContract.useMutation({
    meta: {
      success: 'Contract declined',
      error: withServerMessage('Your answer could not be recorded.'),
      invalidates: [trpc.portal.view, trpc.portal.contract],
    },
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="decline-heading"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError('Give a reason');
            return;
          }
          void succeeded(decline.mutateAsync({ token, id: contract.id, reason: reason.trim() }));
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="md" id="decline-heading">
            Decline
          </Title>
          <Textarea
            label="Reason"
            withAsterisk
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={2000}
            autosize
            minRows={3}
            disabled={decline.isPending}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={decline.isPending}>
              Back
            </Button>
            <Button type="submit" color="red" loading={decline.isPending}>
              Decline contract
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
