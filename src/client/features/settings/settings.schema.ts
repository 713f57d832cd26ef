import { z } from 'zod';

/**
 * The Profile form of /settings (SPEC §5 "Settings profile"). The tab is local only, so
 * its schema lives with it rather than in src/shared: no server validates it. (Business
 * is the server's business profile: features/business.)
 */
export const SettingsProfileSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  company: z.string().optional(),
  phone: z.string().optional(),
});
export type SettingsProfile = z.infer<typeof SettingsProfileSchema>;
