import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CountersignSchema,
  type Contract,
  type SignatureInput,
} from '../../../shared/contracts.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { SignaturePad } from '../../components/signature-pad.tsx';
import { useContractMutations } from './use-contract-mutations.ts';

/** The business's signature (owner or administrator): full name and a drawn or typed signature. */
export function CountersignDialog({
  contract,
  opened,
  onClose,
}: {
  contract: Pick<Contract, 'id' | 'title'>;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Countersign contract" size="lg">
      {opened && <CountersignForm contract={contract} onClose={onClose} />}
    </FormDialog>
  );
}

function CountersignForm({
  contract,
  onClose,
}: {
  contract: Pick<Contract, 'id' | 'title'>;
  onClose: () => void;
}) {
  const mutations = useContractMutations();
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<SignatureInput | null>(null);
  const [errors, setErrors] = useState<{ name?: string; signature?: string }>({});
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const parsed = CountersignSchema.safeParse({
      id: contract.id,
      name,
      signature: signature ?? undefined,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' && !found.name) found.name = issue.message;
        if (key === 'signature' && !found.signature)
          found.signature = signature === null ? 'Draw or type your signature' : issue.message;
      }
      setErrors(found);
      return;
    }
    setPending(true);
    const signed = await mutations.countersign(parsed.data);
    setPending(false);
    if (signed) onClose();
  };

  return (
    <DialogForm
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      pending={pending}
      submitLabel="Countersign"
      onCancel={onClose}
    >
      <Text size="sm">
        The client has signed “{contract.title}”. Your signature completes it; the signed PDF is
        then sealed.
      </Text>
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
        data-autofocus
      />
      <SignaturePad
        onChange={(next) => {
          setSignature(next);
          setErrors((e) => ({ ...e, signature: undefined }));
        }}
        error={errors.signature}
        disabled={pending}
      />
    </DialogForm>
  );
}
