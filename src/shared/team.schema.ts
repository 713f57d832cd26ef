import { z } from 'zod';
import { WORKSPACE_ROLES } from './roles.ts';

/** A member of the current workspace, as GET /api/admin/users answers (SPEC §7). */
export const MemberSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  isActive: z.boolean(),
  isOwner: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

/** 'Ada Lovelace' → ['Ada', 'Lovelace']; the last name is everything after the first word. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
