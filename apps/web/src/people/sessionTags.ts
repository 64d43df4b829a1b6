import type { SessionTags } from '@belfry/engine';

/** Spec 2 §3/§4: these four cycle 0 → 1 → 2 → 0 on click; locked and streaming are toggles. */
export const CYCLE_TAGS = ['difficulty', 'cameras', 'travellers', 'grimoire'] as const;
export type CycleTag = (typeof CYCLE_TAGS)[number];
export type TagValue = 0 | 1 | 2;

export const DEFAULT_TAGS: SessionTags = {
  difficulty: 0,
  cameras: 0,
  travellers: 0,
  grimoire: 0,
  locked: false,
  streaming: false,
};

export const cycleTag = (value: number): TagValue => (((Math.trunc(value) % 3) + 3 + 1) % 3) as TagValue;

/** A tag value read defensively from a list item (any number outside 0–2 counts as 0). */
export const tagValue = (value: number): TagValue => (value === 1 || value === 2 ? value : 0);

/**
 * i18n key of what a value means, e.g. `tags.difficulty.2` = beginner-friendly. The full label
 * (`tags.{tag}.{value}`) and a short one for the lobby's chips (`tags.{tag}.short_{value}`).
 */
export const tagValueKey = (tag: CycleTag, value: number): string => `tags.${tag}.${tagValue(value)}`;
export const tagShortKey = (tag: CycleTag, value: number): string => `tags.${tag}.short_${tagValue(value)}`;

/** The tags worth a chip in the lobby: the ones set away from their default. */
export const notableTags = (tags: Record<CycleTag, number>): { tag: CycleTag; value: TagValue }[] =>
  CYCLE_TAGS.flatMap((tag) => {
    const value = tagValue(tags[tag]);
    return value === 0 ? [] : [{ tag, value }];
  });
