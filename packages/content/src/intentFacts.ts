import type { Intent } from '@belfry/engine';
import { hasJinxedPair } from './catalogue';

/**
 * Adds to an intent what the engine needs from the character facts and must not take from a
 * client: whether a new script holds a jinxed pair (spec 3 §4: the Djinn joins it). Whatever a
 * client claimed is overwritten.
 */
export const withScriptFacts = (intent: Intent): Intent => {
  if (intent.type !== 'edition') return intent;
  return { ...intent, jinxed: hasJinxedPair(intent.roles.map((r) => r.id)) };
};
