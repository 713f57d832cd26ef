import { arrayMove, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconFilter,
  IconGripVertical,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { explainRule } from '../../../shared/bank-rule-text.ts';
import type { BankRule } from '../../../shared/banking.schema.ts';
import { EmptyStateCard } from '../../components/empty-state-card.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import {
  deleteAction,
  editAction,
  RowActions,
  type RowAction,
} from '../../components/list/row-actions.tsx';
import { usePhone } from '../../components/use-phone.ts';
import { SortableList } from '../../components/sortable-list.tsx';
import { trpc } from '../../trpc.ts';
import { BankRuleDialog } from './bank-rule.dialog.tsx';
import { useBankRuleMutations } from './use-bank-rule-mutations.ts';

const ruleId = (rule: BankRule) => rule.id;

const WHAT_A_RULE_DOES =
  'A rule looks at each imported transaction: when its counterparty, reference or remittance text contains a word (and, if you say so, its amount is in a range), it marks the line as ignored or puts money out in an expense category. Rules run in order at every import, and on demand; the first that holds wins.';

/**
 * The Rules tab: the workspace's bank rules in the order they are tried, each said in
 * words. Owners and administrators add, edit, switch on and off, delete, reorder (drag, or
 * the arrows, which the keyboard reaches too) and apply them now; those who read the bank
 * see them.
 */
export function BankRulesPanel({ canManage }: { canManage: boolean }) {
  const rules = trpc.banking.listRules.useQuery();
  const categories = trpc.expenseCategories.list.useQuery();
  const mutations = useBankRuleMutations();
  const [editing, setEditing] = useState<BankRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankRule | null>(null);
  const [applying, setApplying] = useState(false);
  const list = useMemo(() => rules.data ?? [], [rules.data]);
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    void mutations.reorder(arrayMove([...list], from, to));
  };

  const applyNow = async () => {
    setApplying(true);
    try {
      await mutations.apply();
    } finally {
      setApplying(false);
    }
  };

  const actions = canManage && (
    <Group gap="sm">
      {list.length > 0 && (
        <Button
          variant="default"
          leftSection={<IconPlayerPlay size={16} />}
          loading={applying}
          onClick={() => void applyNow()}
        >
          Apply rules now
        </Button>
      )}
      <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
        Add rule
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <ListPageHeader
        title="Rules"
        description="Ignore or categorise imported transactions by what they say, in order."
        action={actions}
      />
      {rules.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Rules could not be loaded">
          {rules.error.message}
        </Alert>
      ) : rules.isPending ? (
        <Skeleton h={120} radius="lg" />
      ) : list.length === 0 ? (
        <EmptyStateCard
          icon={<IconFilter size={26} stroke={1.5} />}
          title="No rules yet"
          description={WHAT_A_RULE_DOES}
        >
          {canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add your first rule
            </Button>
          )}
        </EmptyStateCard>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {canManage
              ? 'Tried from the top; the first rule that holds applies. Drag a rule by its handle, or use its arrows, to change the order.'
              : 'Tried from the top; the first rule that holds applies.'}
          </Text>
          <RuleList
            rules={list}
            canManage={canManage}
            describe={(rule) => explainRule(rule, categoryName)}
            onMove={move}
            onEdit={setEditing}
            onDelete={setDeleting}
            onToggle={(rule, enabled) => void mutations.setEnabled(rule, enabled)}
          />
        </>
      )}
      <BankRuleDialog
        opened={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete rule"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        {`Delete the rule "${deleting?.name ?? ''}"? The transactions it already ignored or categorised stay as they are.`}
      </ConfirmDeleteDialog>
    </Stack>
  );
}

function RuleList({
  rules,
  canManage,
  describe,
  onMove,
  onEdit,
  onDelete,
  onToggle,
}: {
  rules: readonly BankRule[];
  canManage: boolean;
  describe: (rule: BankRule) => string;
  onMove: (from: number, to: number) => void;
  onEdit: (rule: BankRule) => void;
  onDelete: (rule: BankRule) => void;
  onToggle: (rule: BankRule, enabled: boolean) => void;
}) {
  // Readers get plain rows: no handle, no sortable hooks outside a DndContext.
  const Row = canManage ? SortableRuleRow : RuleRow;
  const items = (
    <Stack gap={6} role="list" aria-label="Bank rules">
      {rules.map((rule, index) => (
        <Row
          key={rule.id}
          rule={rule}
          index={index}
          count={rules.length}
          sentence={describe(rule)}
          canManage={canManage}
          onMove={onMove}
          onEdit={onEdit}
          onDelete={onDelete}
          onToggle={onToggle}
        />
      ))}
    </Stack>
  );
  if (!canManage) return items;
  return (
    <SortableList
      items={rules}
      idOf={ruleId}
      noun="rule"
      nameOf={(rule) => rule.name}
      onMove={onMove}
    >
      {items}
    </SortableList>
  );
}

type RowProps = {
  rule: BankRule;
  index: number;
  count: number;
  sentence: string;
  canManage: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (rule: BankRule) => void;
  onDelete: (rule: BankRule) => void;
  onToggle: (rule: BankRule, enabled: boolean) => void;
};

function SortableRuleRow(props: RowProps) {
  return <RuleRow {...props} sortable={useSortable({ id: props.rule.id })} />;
}

function RuleRow({
  sortable,
  rule,
  index,
  count,
  sentence,
  canManage,
  onMove,
  onEdit,
  onDelete,
  onToggle,
}: RowProps & { sortable?: ReturnType<typeof useSortable> }) {
  const phone = usePhone();
  // On a phone the arrows leave the row for its menu, so the rule's words keep the width.
  const menu: RowAction[] = [];
  if (phone && index > 0)
    menu.push({ label: 'Move up', icon: IconArrowUp, onClick: () => onMove(index, index - 1) });
  if (phone && index < count - 1)
    menu.push({
      label: 'Move down',
      icon: IconArrowDown,
      onClick: () => onMove(index, index + 1),
    });
  menu.push(
    editAction(() => onEdit(rule)),
    deleteAction(() => onDelete(rule)),
  );
  return (
    <Paper
      ref={sortable?.setNodeRef}
      withBorder
      radius="md"
      px="sm"
      py="xs"
      role="listitem"
      aria-label={rule.name}
      style={{
        transform: sortable && CSS.Translate.toString(sortable.transform),
        transition: sortable?.transition,
        position: 'relative',
        zIndex: sortable?.isDragging ? 1 : undefined,
        boxShadow: sortable?.isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {sortable && (
          <ActionIcon
            ref={sortable.setActivatorNodeRef}
            variant="subtle"
            color="gray"
            mt={2}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={`Reorder ${rule.name}`}
          >
            <IconGripVertical size={18} stroke={1.6} />
          </ActionIcon>
        )}
        <Text size="sm" c="dimmed" fw={600} mt={4} w={20} ta="right" aria-hidden>
          {index + 1}
        </Text>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {rule.name}
            </Text>
            {!rule.enabled && (
              <Badge variant="light" color="gray" size="sm">
                Off
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {sentence}
          </Text>
        </Stack>
        {canManage && (
          <Group gap={4} wrap="nowrap" mt={2}>
            <Switch
              checked={rule.enabled}
              onChange={(event) => onToggle(rule, event.currentTarget.checked)}
              aria-label={`${rule.name} on`}
              size="sm"
              mr={4}
            />
            {!phone && (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${rule.name} up`}
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${rule.name} down`}
                  disabled={index === count - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </>
            )}
            <RowActions name={rule.name} actions={menu} />
          </Group>
        )}
      </Group>
    </Paper>
  );
}
