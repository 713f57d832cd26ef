import { format } from 'date-fns';
import type { AdminUser } from './admin-users.table.tsx';

/** The server's largest page: fewest round trips when walking the whole list. */
const EXPORT_PAGE = 500;

/** Every user matching `search`, walked page by page so no single answer is huge. */
export async function fetchAllUsers(
  fetchPage: (offset: number, limit: number) => Promise<{ items: AdminUser[]; total: number }>,
): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  for (;;) {
    const page = await fetchPage(users.length, EXPORT_PAGE);
    users.push(...page.items);
    if (page.items.length < EXPORT_PAGE || users.length >= page.total) return users;
  }
}

/**
 * The users as a CSV file saved by the browser. papaparse is loaded on demand: the
 * console should not carry a CSV writer for a button pressed now and then.
 */
export async function downloadUsersCsv(users: AdminUser[]): Promise<void> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    users.map((user) => ({
      Name: user.fullName,
      Email: user.email,
      Joined: format(new Date(user.createdAt), 'yyyy-MM-dd'),
      Status: user.isActive ? 'Active' : 'Inactive',
      Workspaces: user.workspaces.map((w) => w.name).join(', '),
      Role: user.role === 'admin' ? 'Admin' : 'User',
      'Last Sign-in': user.lastLoginAt ?? '',
    })),
    // A name like '=HYPERLINK(…)' must stay text when the file is opened in a spreadsheet.
    { escapeFormulae: true },
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
