/** Spec 1 §4 / spec 3 §3: the sound names. */
export const SOUND_NAMES = [
  'chatJoin',
  'chatLeave',
  'privateRequest',
  'privateJoin',
  'voteTick',
  'voteTickShort',
  'voteCast',
  'countdown',
  'attentionGong',
  'timerGong',
] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

export interface Volumes {
  master: number;
  sounds: Partial<Record<SoundName, number>>;
}

export const DEFAULT_VOLUMES: Volumes = { master: 1, sounds: {} };
export const VOLUME_STORAGE_KEY = 'belfry.volumes';

const clamp = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null;

/** Spec 1 §4: muted when the master or the sound's own volume is 0; otherwise master × own (each default 1). */
export const effectiveVolume = (volumes: Volumes, sound: SoundName): number => {
  const own = volumes.sounds[sound] ?? 1;
  if (volumes.master === 0 || own === 0) return 0;
  return volumes.master * own;
};

/** Reads stored volumes; anything damaged falls back to the defaults. */
export const parseVolumes = (raw: string | null): Volumes => {
  if (!raw) return DEFAULT_VOLUMES;
  try {
    const value = JSON.parse(raw) as { master?: unknown; sounds?: Record<string, unknown> };
    const sounds: Partial<Record<SoundName, number>> = {};
    for (const name of SOUND_NAMES) {
      const volume = clamp(value.sounds?.[name]);
      if (volume !== null) sounds[name] = volume;
    }
    return { master: clamp(value.master) ?? 1, sounds };
  } catch {
    return DEFAULT_VOLUMES;
  }
};
