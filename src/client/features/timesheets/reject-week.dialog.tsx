import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

/** Rejecting a week needs a reason the member will read. */
export function RejectWeekDialog({
  opened,
  memberName,
  onClose,
  onReject,
}: {
  opened: boolean;
  memberName: string;
  onClose: () => void;
  onReject: (comment: string) => Promise<boolean>;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (comment.trim() === '') {
      setError('A comment is required');
      return;
    }
    setSaving(true);
    const done = await onReject(comment.trim());
    setSaving(false);
    if (done) close();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Reject ${memberName}'s week`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Comment"
            description="What should change before the week is submitted again"
            withAsterisk
            autosize
            minRows={3}
            data-autofocus
            value={comment}
            error={error}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={saving}>
              Reject week
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
