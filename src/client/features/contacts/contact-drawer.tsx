import type { Person, Tag } from '../../../shared/contacts.schema.ts';
import { formatCreatedDate } from './contact-display.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { DetailRow } from '../../components/detail-row.tsx';
import { ContactSubmissionsSection } from '../forms/contact-submissions.section.tsx';
import { MeetingsSection } from '../scheduling/meetings.section.tsx';
import { RecordDrawer } from './record-drawer.tsx';
import { TagEditor } from './tag-editor.tsx';

/** The contact's details (SPEC §2): who, how to reach them, who owns them, and tags. */
export function ContactDrawer({
  person,
  assigneeName,
  onTagsChange,
  ...drawer
}: {
  person: Person | null;
  opened: boolean;
  assigneeName: string;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onTagsChange: (tags: Tag[]) => void;
  closeOnEscape?: boolean;
}) {
  return (
    <RecordDrawer
      {...drawer}
      title="Contact Details"
      name={person?.fullName ?? null}
      subtitle={[person?.jobTitle, person?.company?.name].filter(Boolean).join(' · ')}
      avatarRadius="xl"
    >
      {person && (
        <>
          <DetailRow label="Email">
            {person.email && <CopyableText value={person.email} label="email" />}
          </DetailRow>
          <DetailRow label="Phone">
            {person.phone && <CopyableText value={person.phone} label="phone" />}
          </DetailRow>
          <DetailRow label="Assigned To">{assigneeName}</DetailRow>
          <DetailRow label="Organization">{person.company?.name}</DetailRow>
          <DetailRow label="Notes">{person.notes}</DetailRow>
          <DetailRow label="Tags">
            <TagEditor person={person} onTagsChange={onTagsChange} />
          </DetailRow>
          <DetailRow label="Created">{formatCreatedDate(person.createdAt)}</DetailRow>
          <DetailRow label="Form submissions">
            <ContactSubmissionsSection personId={person.id} />
          </DetailRow>
          <DetailRow label="Meetings">
            <MeetingsSection contactId={person.id} />
          </DetailRow>
        </>
      )}
    </RecordDrawer>
  );
}
