import { peopleLabel, type Organization } from '../../../shared/organizations.schema.ts';
import { formatCreatedDate } from '../contacts/contact-display.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { DetailRow } from '../../components/detail-row.tsx';
import { RecordDrawer } from '../contacts/record-drawer.tsx';

/** The organization's details (SPEC §2: name, people, created), with its email and phone. */
export function OrganizationDrawer({
  organization,
  ...drawer
}: {
  organization: Organization | null;
  opened: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  closeOnEscape?: boolean;
}) {
  return (
    <RecordDrawer
      {...drawer}
      title="Organization Details"
      name={organization?.name ?? null}
      avatarRadius="md"
    >
      {organization && (
        <>
          <DetailRow label="Name">{organization.name}</DetailRow>
          <DetailRow label="People">{peopleLabel(organization.peopleCount)}</DetailRow>
          {organization.email && (
            <DetailRow label="Email">
              <CopyableText value={organization.email} label="email" />
            </DetailRow>
          )}
          {organization.phone && (
            <DetailRow label="Phone">
              <CopyableText value={organization.phone} label="phone" />
            </DetailRow>
          )}
          <DetailRow label="Created">{formatCreatedDate(organization.createdAt)}</DetailRow>
        </>
      )}
    </RecordDrawer>
  );
}
