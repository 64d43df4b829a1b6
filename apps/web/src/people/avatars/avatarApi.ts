import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  type AvatarLookup,
  type AvatarRefusal,
  type AvatarUploadAnswer,
} from '@belfry/protocol';
import { BACKEND } from '../../api/http';
import { APP_VERSION } from '../../version/buildInfo';
import { authorizedJson, ensureFreshToken } from '../../auth/authService';
import { useAuthStore } from '../../auth/authStore';

/** POST /backend/avatars/lookup: how these people look (only those that are users come back). */
export const lookupAvatars = (ids: string[]) =>
  authorizedJson<AvatarLookup>('/avatars/lookup', { method: 'POST', body: { ids } });

/** The avatar dialogue an upload failure shows (spec 2 §8), with the wait when the server asked for one. */
export type UploadFailure = { key: AvatarRefusal | 'avatar_generic'; retryAfter?: number };

export class AvatarUploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.key);
  }
}

const REASONS: readonly string[] = ['avatar_size', 'avatar_type', 'avatar_pixel'];

/**
 * Uploads a picture as the multipart field `avatar` (spec 2 §7). A file over 5 MB is refused here
 * without sending it; the server judges the rest (type by content, pixels) and answers with the
 * dialogue's key.
 */
export const uploadAvatar = async (file: Blob): Promise<AvatarUploadAnswer> => {
  if (file.size > AVATAR_MAX_BYTES) throw new AvatarUploadError({ key: 'avatar_size' });
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file instanceof File ? file.name : 'avatar');
  let response: Response;
  try {
    const token = await ensureFreshToken();
    response = await fetch(`${BACKEND}/user/avatar`, {
      method: 'POST',
      headers: { 'X-App-Version': APP_VERSION, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    throw new AvatarUploadError({ key: 'avatar_generic' });
  }
  const body = (await response.json().catch(() => null)) as
    (AvatarUploadAnswer & { error?: { reason?: string; retryAfter?: number } }) | null;
  if (!response.ok || !body) {
    const reason = body?.error?.reason;
    const key = reason && REASONS.includes(reason) ? (reason as AvatarRefusal) : 'avatar_generic';
    throw new AvatarUploadError({ key, retryAfter: body?.error?.retryAfter });
  }
  useAuthStore.getState().setMe(body.user);
  return body;
};
