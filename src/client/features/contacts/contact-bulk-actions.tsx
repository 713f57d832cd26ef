import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconTag, IconTrash, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContactBulk } from '../../../shared/contacts.schema.ts';
import { BulkBar } from '../../components/list/bulk-bar.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { trpc } from '../../trpc.ts';
import { UNASSIGNED, type AssigneeOption } from './use-assignees.ts';

/**
 * The contacts table's selection bar: tag, untag, assign or delete the chosen contacts in
 * one request (POST /api/contacts/bulk). The selection clears once a change is made.
 */
export function ContactBulkActions({
  ids,
  assigneeOptions,
  onChange,
  onClear,
}: {
  ids: number[];
  assigneeOptions: AssigneeOption[];
  /** Resolves to whether the change was made. */
  onChange: (change: ContactBulk) => Promise<boolean>;
  onClear: () => void;
}) {
  const tags = trpc.tags.list.useQuery();
  const [deleting, setDeleting] = useState(false);
  const apply = async (change: ContactBulk) => {
    const done = await onChange(change);
    if (done) onClear();
    return done;
  };
  const contacts = `${ids.length} ${ids.length === 1 ? 'contact' : 'contacts'}`;
  return (
    <>
      <BulkBar count={ids.length} noun="contacts" onClear={onClear}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconTag size={14} />}
              rightSection={<IconChevronDown size={14} />}
            >
              Tags
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(tags.data ?? []).length === 0 && <Menu.Label>No tags yet</Menu.Label>}
            {(tags.data ?? []).map((tag) => (
              <Menu.Item
                key={tag.id}
                onClick={() => void apply({ action: 'tag', ids, tagId: tag.id })}
              >
                Add “{tag.name}”
              </Menu.Item>
            ))}
            {(tags.data ?? []).length > 0 && <Menu.Divider />}
            {(tags.data ?? []).map((tag) => (
              <Menu.Item
                key={`untag-${tag.id}`}
                onClick={() => void apply({ action: 'untag', ids, tagId: tag.id })}
              >
                Remove “{tag.name}”
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconUser size={14} />}
              rightSection={<IconChevronDown size={14} />}
            >
              Assign
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {assigneeOptions
              .filter((option) => !option.disabled)
              .map((option) => (
                <Menu.Item
                  key={option.value}
                  onClick={() =>
                    void apply({
                      action: 'assign',
                      ids,
                      assignedUserId: option.value === UNASSIGNED ? null : Number(option.value),
                    })
                  }
                >
                  {option.label}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </BulkBar>
      <ConfirmDeleteDialog
        opened={deleting}
        title="Delete Contacts"
        onClose={() => setDeleting(false)}
        onConfirm={() => apply({ action: 'delete', ids })}
      >
        Are you sure you want to delete {contacts}? This action cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
