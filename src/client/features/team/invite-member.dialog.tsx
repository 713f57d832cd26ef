import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { InviteLinkPanel } from './invite-link.panel.tsx';
import { InviteMemberForm, type InviteResult } from './invite-member.form.tsx';

/** The Invite dialog: the form, then the link of the invitation just sent. */
export function InviteMemberDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [result, setResult] = useState<InviteResult | null>(null);
  // A fresh form every time the dialog opens or the user invites another person.
  const [formKey, setFormKey] = useState(0);

  const close = () => {
    onClose();
    setResult(null);
    setFormKey((key) => key + 1);
  };

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={
        result
          ? result.emailSent
            ? 'Invitation Sent'
            : 'Invitation Created'
          : 'Invite Team Member'
      }
      size="md"
    >
      {result ? (
        <InviteLinkPanel
          result={result}
          onInviteAnother={() => {
            setResult(null);
            setFormKey((key) => key + 1);
          }}
          onDone={close}
        />
      ) : (
        <InviteMemberForm key={formKey} onInvited={setResult} onCancel={close} />
      )}
    </FormDialog>
  );
}
