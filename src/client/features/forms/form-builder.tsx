import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { Form } from '../../../shared/forms.schema.ts';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { DealTagsInput } from '../pipeline/deal-tags.input.tsx';
import { isApiError, trpc } from '../../trpc.ts';
import { draftOf, embedSnippet, updateOf, type FormDraft } from './form-draft.ts';
import { FormFieldsEditor } from './form-fields.editor.tsx';
import { useFormMutations } from './use-form-mutations.ts';

type Details = Record<string, string>;

/** The server's refusal as `path → message` (`fields.2.options` → "Give at least one option"). */
function detailsOf(error: unknown): Details {
  if (!isApiError(error)) return {};
  const details = (error.data as { details?: { path: string; message: string }[] } | undefined)
    ?.details;
  const out: Details = {};
  for (const detail of details ?? []) out[detail.path] ??= detail.message;
  return out;
}

/** The first message at `path` or under it (`fields.2.options.1` belongs to `fields.2.options`). */
function messageAt(details: Details, path: string): string | undefined {
  for (const [at, message] of Object.entries(details)) {
    if (at === path || at.startsWith(`${path}.`)) return message;
  }
  return undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The builder of one form: its settings, fields, what follows a submission, the deal and
 * the autoresponder. Save sends the whole form; the server's refusals land on the inputs
 * they name, and the toast waits for its answer.
 */
export function FormBuilder({ form }: { form: Form }) {
  const mutations = useFormMutations();
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form));
  const [details, setDetails] = useState<Details>({});
  const [saving, setSaving] = useState(false);
  const stages = trpc.stages.list.useQuery();
  const members = trpc.team.members.useQuery();
  const set = (patch: Partial<FormDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const at = (path: string) => messageAt(details, path);

  const stageOptions = useMemo(
    () => (stages.data ?? []).map((stage) => ({ value: String(stage.id), label: stage.label })),
    [stages.data],
  );
  const memberOptions = useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.isActive || String(m.id) === draft.dealAssigneeId)
        .map((m) => ({ value: String(m.id), label: m.fullName || m.email })),
    [members.data, draft.dealAssigneeId],
  );

  const save = async () => {
    // A deal without a stage is not one the server can open: say so here, not silently drop it.
    if (draft.dealOn && !draft.dealStageId) {
      setDetails({ 'deal.stageId': 'Choose the stage of the new deal' });
      return;
    }
    setSaving(true);
    try {
      const saved = await mutations.save(updateOf(form.id, draft));
      setDetails({});
      setDraft((current) => ({ ...current, slug: saved.slug }));
    } catch (error) {
      setDetails(detailsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const fieldsError = details.fields;

  return (
    <Stack gap="md" maw={860}>
      <Section title="Form">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Name"
            withAsterisk
            value={draft.name}
            error={at('name')}
            onChange={(event) => set({ name: event.currentTarget.value })}
          />
          <TextInput
            label="Slug"
            description="The end of the public page’s address"
            value={draft.slug}
            error={at('slug')}
            onChange={(event) => set({ slug: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Switch
          label="Published"
          description="Only a published form takes submissions; it needs a field filling the contact’s email."
          checked={draft.published}
          onChange={(event) => set({ published: event.currentTarget.checked })}
        />
        <Switch
          label="Allow search engines to index the public page"
          checked={draft.allowIndexing}
          onChange={(event) => set({ allowIndexing: event.currentTarget.checked })}
        />
      </Section>

      <Section title="Fields">
        {fieldsError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {fieldsError}
          </Alert>
        )}
        <FormFieldsEditor
          fields={draft.fields}
          onChange={(fields) => set({ fields })}
          errorOf={(index, name) => at(`fields.${index}.${name}`)}
        />
      </Section>

      <Section title="After sending">
        <TextInput
          label="Button text"
          placeholder="Send"
          value={draft.submitLabel}
          error={at('submitLabel')}
          onChange={(event) => set({ submitLabel: event.currentTarget.value })}
        />
        <SegmentedControl
          aria-label="After sending"
          w="fit-content"
          data={[
            { value: 'message', label: 'Show a message' },
            { value: 'redirect', label: 'Go to a page' },
          ]}
          value={draft.after}
          onChange={(value) => set({ after: value as FormDraft['after'] })}
        />
        {draft.after === 'message' ? (
          <Textarea
            label="Thank-you message"
            placeholder="Thank you! We received your message."
            autosize
            minRows={2}
            value={draft.thankYouMessage}
            error={at('thankYouMessage')}
            onChange={(event) => set({ thankYouMessage: event.currentTarget.value })}
          />
        ) : (
          <TextInput
            label="Redirect URL"
            placeholder="https://example.com/thanks"
            value={draft.redirectUrl}
            error={at('redirectUrl')}
            onChange={(event) => set({ redirectUrl: event.currentTarget.value })}
          />
        )}
      </Section>

      <Section title="Deal">
        <Switch
          label="Open a deal for each submission"
          checked={draft.dealOn}
          onChange={(event) => set({ dealOn: event.currentTarget.checked })}
        />
        {draft.dealOn && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
              <Select
                label="Stage"
                withAsterisk
                data={stageOptions}
                value={draft.dealStageId}
                error={at('deal.stageId') ?? at('deal')}
                onChange={(value) => set({ dealStageId: value })}
              />
              <TextInput
                label="Value"
                inputMode="decimal"
                placeholder="0.00"
                value={draft.dealValue}
                error={at('deal.value')}
                onChange={(event) => set({ dealValue: event.currentTarget.value })}
              />
              <Select
                label="Assignee"
                placeholder="Unassigned"
                clearable
                data={memberOptions}
                value={draft.dealAssigneeId}
                error={at('deal.assigneeId')}
                onChange={(value) => set({ dealAssigneeId: value })}
              />
            </SimpleGrid>
            <DealTagsInput
              description="Each new deal gets these tags; missing ones are created"
              value={draft.dealTags}
              error={at('deal.tags')}
              onChange={(dealTags) => set({ dealTags })}
            />
          </>
        )}
      </Section>

      <Section title="Autoresponder">
        <Switch
          label="Email the visitor after they send the form"
          checked={draft.autoresponderOn}
          onChange={(event) => set({ autoresponderOn: event.currentTarget.checked })}
        />
        {draft.autoresponderOn && (
          <>
            <TextInput
              label="Subject"
              withAsterisk
              value={draft.autoresponderSubject}
              error={at('autoresponder.subject') ?? at('autoresponder')}
              onChange={(event) => set({ autoresponderSubject: event.currentTarget.value })}
            />
            <Textarea
              label="Message"
              description="Plain text; {{name}} becomes the contact’s name."
              withAsterisk
              autosize
              minRows={3}
              value={draft.autoresponderBody}
              error={at('autoresponder.body')}
              onChange={(event) => set({ autoresponderBody: event.currentTarget.value })}
            />
          </>
        )}
      </Section>

      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving}>
          Save form
        </Button>
      </Group>

      <Section title="Share">
        {!form.published && (
          <Text size="sm" c="dimmed">
            The link and the embed work once the form is published and saved.
          </Text>
        )}
        <CopyLinkField url={form.publicUrl} label="Public link" copyLabel="Copy public link" />
        <EmbedSnippet form={form} />
      </Section>
    </Stack>
  );
}

/** The code to paste into a website: read-only, with a copy button. */
function EmbedSnippet({ form }: { form: Form }) {
  const snippet = embedSnippet(form);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} id="embed-code-label">
          Embed code
        </Text>
        <CopyButton value={snippet} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label="Copy embed code"
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        aria-labelledby="embed-code-label"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {snippet}
      </Code>
    </Stack>
  );
}
