import { format } from 'date-fns';
import type { AdminUser } from './admin-users.table.tsx';

const USER_COLUMNS = ['Name', 'Email', 'Joined', 'Status', 'Workspaces', 'Role', 'Last Sign-in'];

/**
 * The users as a CSV file saved by the browser, written by the same function as the
 * server's exports (formulas defused). It is loaded on demand, with papaparse: the console
 * should not carry a CSV writer for a button pressed now and then.
 */
export async function downloadUsersCsv(users: AdminUser[]): Promise<void> {
  const { csvLines } = await import('../../../shared/csv.ts');
  const csv = csvLines(
    USER_COLUMNS,
    users.map((user) => ({
      Name: user.fullName,
      Email: user.email,
      Joined: format(new Date(user.createdAt), 'yyyy-MM-dd'),
      Status: user.isActive ? 'Active' : 'Inactive',
      Workspaces: user.workspaces.map((w) => w.name).join(', '),
      Role: user.role === 'admin' ? 'Admin' : 'User',
      'Last Sign-in': user.lastLoginAt ?? '',
    })),
    true,
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `keel-users-${format(new Date(), 'yyyy-MM-dd')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
