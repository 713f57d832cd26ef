import { Table, Text, Tooltip } from '@mantine/core';
import { memberControls, type TeamMembersProps } from './member-controls.tsx';
import { formatFullDate, formatInvitedOn, formatLastActive } from './team-display.ts';
import { ActionsTh, NowrapTh } from '../../components/list/table-heads.tsx';

/** The members table (SPEC §2 columns). */
export function TeamMembersTable(props: TeamMembersProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Permission</Table.Th>
            <NowrapTh>Last active</NowrapTh>
            <NowrapTh>Invited on</NowrapTh>
            <NowrapTh>Invited by</NowrapTh>
            <NowrapTh>Capacity</NowrapTh>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.members.map((member) => {
            const controls = memberControls(props, member);
            return (
              <Table.Tr key={member.id} data-member-email={member.email}>
                <Table.Td>{controls.identity}</Table.Td>
                <Table.Td maw={260}>{controls.email}</Table.Td>
                <Table.Td>{controls.role}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {member.lastLoginAt ? (
                    <Tooltip label={formatFullDate(member.lastLoginAt)}>
                      <Text size="sm" span>
                        {formatLastActive(member.lastLoginAt)}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Never
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatInvitedOn(member.createdAt)}</Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text size="sm" truncate="end" c={member.invitedBy ? undefined : 'dimmed'}>
                    {member.invitedBy ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{controls.capacity}</Table.Td>
                <Table.Td>{controls.actions}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
