import { z } from 'zod';

/** POST /backend/avatars/lookup: the avatars of the people a screen shows, 100 at most at once. */
export const avatarLookupBody = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict();
export type AvatarLookupBody = z.infer<typeof avatarLookupBody>;
