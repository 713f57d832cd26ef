import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  ExpenseCategoryInputSchema,
  type ExpenseCategory,
} from '../../../shared/expenses.schema.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { useExpenseMutations } from './use-expense-mutations.ts';

/** "Manage categories": the workspace's expense categories, renamed, added and deleted. */
export function CategoriesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Expense categories" size="md">
      <Categories />
    </FormDialog>
  );
}

const nameError = (name: string) => {
  const parsed = ExpenseCategoryInputSchema.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid name');
};

function Categories() {
  const categories = trpc.expenseCategories.list.useQuery();
  const mutations = useExpenseMutations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    setAdding(true);
    const made = await mutations.createCategory(name.trim());
    setAdding(false);
    if (made) setName('');
  };

  if (categories.status !== 'success') {
    return (
      <QueryState
        status={categories.status}
        what="categories"
        onRetry={() => void categories.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Deleting a category keeps its expenses, uncategorised.
      </Text>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {categories.data.map((category) => (
          <li key={category.id}>
            <CategoryRow category={category} />
          </li>
        ))}
      </Stack>
      <form onSubmit={(event) => void add(event)} noValidate aria-label="Add a category">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="New category name"
            placeholder="New category"
            style={{ flex: 1 }}
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function CategoryRow({ category }: { category: ExpenseCategory }) {
  const mutations = useExpenseMutations();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = name.trim() !== category.name;

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem || !changed) return;
    setSaving(true);
    await mutations.renameCategory(category.id, name.trim());
    setSaving(false);
  };
  const count = category.expenseCount === 1 ? '1 expense' : `${category.expenseCount} expenses`;

  return (
    <form
      onSubmit={(event) => void rename(event)}
      noValidate
      aria-label={`Category ${category.name}`}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`Name of ${category.name}`}
          style={{ flex: 1 }}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          description={count}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {changed ? (
          <>
            <Tooltip label="Save the name">
              <ActionIcon
                type="submit"
                size="lg"
                variant="light"
                loading={saving}
                aria-label={`Save the name of ${category.name}`}
              >
                <IconCheck size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Keep the old name">
              <ActionIcon
                size="lg"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setName(category.name);
                  setError(null);
                }}
                aria-label={`Keep the name ${category.name}`}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </>
        ) : (
          <Tooltip label="Delete the category">
            <ActionIcon
              size="lg"
              variant="subtle"
              color="red"
              onClick={() => void mutations.removeCategory(category.id)}
              aria-label={`Delete ${category.name}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </form>
  );
}
