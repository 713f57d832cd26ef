import {
  Alert,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { BankAccount } from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { QueryState } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * One account's month: the balance before it, money in and out, the balance after, and
 * the closing balance the imported statement states with the difference to Keel's.
 */
export function ReconciliationPanel({
  accounts,
  accountId,
  month,
  onChange,
}: {
  accounts: BankAccount[];
  accountId: number | null;
  month: string;
  onChange: (accountId: number | null, month: string) => void;
}) {
  const account = accounts.find((a) => a.id === accountId) ?? null;
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const reconciliation = trpc.banking.reconciliation.useQuery(
    { id: account?.id ?? 0, month },
    { enabled: account !== null && validMonth },
  );
  const data = reconciliation.data;
  const money = (amount: string) =>
    formatMoney(amount, data?.currency ?? account?.currency ?? 'EUR');

  return (
    <Stack gap="md" maw={1000}>
      <Stack gap={4}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Reconciliation
        </Title>
        <Text c="dimmed" size="sm">
          {"A month of one account, against the closing balance of the bank's own statement."}
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end">
        <Select
          label="Account"
          placeholder="Choose an account"
          w={220}
          data={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
          value={account ? String(account.id) : null}
          onChange={(value) => onChange(value ? Number(value) : null, month)}
        />
        <TextInput
          type="month"
          label="Month"
          w={170}
          value={month}
          onChange={(event) => onChange(accountId, event.currentTarget.value)}
          error={validMonth ? undefined : 'Write the month as YYYY-MM'}
        />
      </Group>
      {!account ? (
        <Text c="dimmed" size="sm">
          Choose an account to see its month.
        </Text>
      ) : (
        <QueryState
          status={reconciliation.status}
          what="reconciliation"
          onRetry={() => void reconciliation.refetch()}
        >
          {data && (
            <Stack gap="md" aria-label="Reconciliation figures" role="region">
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <Figure label="Opening balance" value={money(data.opening)} />
                <Figure label="Money in" value={money(data.in)} />
                <Figure label="Money out" value={money(data.out)} />
                <Figure label="Closing balance" value={money(data.closing)} />
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                {`${data.transactionCount} ${data.transactionCount === 1 ? 'transaction' : 'transactions'} in ${data.month}`}
              </Text>
              {data.statementClosingBalance === null ? (
                <Text size="sm">
                  No statement imported for this month states a closing balance.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Figure
                    label={`Statement closing balance${data.statementClosingDate ? ` (${data.statementClosingDate})` : ''}`}
                    value={money(data.statementClosingBalance)}
                  />
                  <Figure label="Difference" value={money(data.difference ?? '0')} />
                </SimpleGrid>
              )}
              {data.difference !== null &&
                (/^-?0+(\.0+)?$/.test(data.difference) ? (
                  <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Reconciled">
                    {"Keel's balance equals the statement's."}
                  </Alert>
                ) : (
                  <Alert
                    color="orange"
                    icon={<IconAlertTriangle size={18} />}
                    title="Not reconciled"
                  >
                    {`Keel's balance differs from the statement's by ${money(data.difference)}: a line may be missing or imported into another account.`}
                  </Alert>
                ))}
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
