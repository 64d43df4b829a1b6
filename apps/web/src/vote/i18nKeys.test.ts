import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import type { VoteStage } from './voteClock';
import { refusalKey } from './refusals';

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

const STAGES: VoteStage[] = ['idle', 'accusation', 'defence', 'countdown', 'check', 'counting', 'paused', 'done'];

describe('vote texts built at run time', () => {
  it('exist in en.json', () => {
    const keys = [
      ...STAGES.map((stage) => `vote.stage.${stage}`),
      ...['regular', 'baker', 'zookeeper'].map((type) => `vote.type.${type}`),
      ...['vote_locked', 'rate_limited', 'forbidden', 'something_else'].map(refusalKey),
    ];
    expect(keys.filter((key) => typeof lookup(key) !== 'string')).toEqual([]);
  });
});
