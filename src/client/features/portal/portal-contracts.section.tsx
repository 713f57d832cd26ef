import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import type { PortalContractSummary } from '../../../shared/contracts.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { usePortalDates } from './portal-clock.tsx';
import { PortalContractDialog } from './portal-contract.dialog.tsx';
import {
  AmountAndActions,
  CONTRACT_STATUS,
  DocumentList,
  DocumentRow,
  StatusBadge,
  statusLook,
} from './portal-document.tsx';

/** The client's contracts; each opens to be read, and signed or declined while it may be. */
export function PortalContractsSection({
  token,
  contracts,
}: {
  token: string;
  contracts: PortalContractSummary[];
}) {
  const [open, setOpen] = useState<PortalContractSummary | null>(null);
  const { day } = usePortalDates();
  return (
    <>
      <DocumentList title="Contracts" empty={null}>
        {contracts.map((contract) => (
          <DocumentRow key={contract.id}>
            <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {contract.title}
                </Text>
                <StatusBadge status={statusLook(CONTRACT_STATUS, contract.status)} />
              </Group>
              <Text size="xs" c="dimmed">
                {contract.sentAt && `Sent ${day(contract.sentAt)}`}
                {contract.signable && contract.expiresAt && ` · Sign by ${day(contract.expiresAt)}`}
              </Text>
            </Stack>
            <AmountAndActions
              amount={contract.fee === null ? '' : formatMoney(contract.fee, contract.currency)}
            >
              <Button
                size="xs"
                variant={contract.signable ? 'filled' : 'default'}
                leftSection={<IconFileText size={14} />}
                onClick={() => setOpen(contract)}
                aria-label={`Open contract ${contract.title}`}
              >
                {contract.signable ? 'Review and sign' : 'Open'}
              </Button>
            </AmountAndActions>
          </DocumentRow>
        ))}
      </DocumentList>
      <PortalContractDialog token={token} contract={open} onClose={() => setOpen(null)} />
    </>
  );
}
