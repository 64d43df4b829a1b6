import { describe, expect, it } from 'vitest';
import { jinxBetween, jinxesOf, roleById, roles } from './catalogue';
import { editionById, editions, nightOrderFor } from './editions';

describe('catalogue', () => {
  it('every one of the 181 characters has an ability of at most 250 characters', () => {
    expect(roles).toHaveLength(181);
    for (const role of roles) {
      expect(role.ability, role.id).toBeTruthy();
      expect(role.ability!.length, role.id).toBeLessThanOrEqual(250);
    }
  });

  it('has night reminders exactly for the characters that wake', () => {
    for (const role of roles) {
      expect(!!role.firstNightReminder, `${role.id} first night`).toBe((role.firstNight ?? 0) > 0);
      expect(!!role.otherNightReminder, `${role.id} other nights`).toBe((role.otherNight ?? 0) > 0);
    }
  });

  it('explains all 131 jinx pairs, in either order', () => {
    const pairs = new Set(roles.flatMap((r) => jinxesOf(r.id).map((j) => [r.id, j.with].sort().join('|'))));
    expect(pairs.size).toBe(131);
    for (const pair of pairs) {
      const [a, b] = pair.split('|') as [string, string];
      expect(jinxBetween(a, b)).toBeTruthy();
      expect(jinxBetween(b, a)).toBe(jinxBetween(a, b));
    }
  });

  it('keeps the facts as given: vote multipliers and the hidden vote', () => {
    expect(roleById('bureaucrat')?.special).toContainEqual({ type: 'vote', name: 'multiplier', value: 3 });
    expect(roleById('organgrinder')?.special).toContainEqual({ type: 'vote', name: 'hidden' });
  });
});

describe('editions', () => {
  it('Trouble Brewing is the beginner edition and holds only its own characters', () => {
    const tb = editionById('tb')!;
    expect(tb.level).toBe('beginner');
    expect(tb.roles).toContain('imp');
    expect(tb.roles.every((id) => roleById(id)?.edition === 'tb')).toBe(true);
    expect(editions.map((e) => e.id)).toEqual(['tb', 'bmr', 'snv', 'carousel']);
  });

  it('night orders keep the dusk, minion info, demon info and dawn markers in place', () => {
    const order = nightOrderFor(['imp', 'poisoner', 'washerwoman']);
    expect(order.firstNight).toEqual(['dusk', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'dawn']);
    expect(order.otherNight[0]).toBe('dusk');
    expect(order.otherNight).toContain('imp');
    expect(order.otherNight.at(-1)).toBe('dawn');
  });
});

describe('jinxed scripts (spec 3 §4: the Djinn joins a script with a jinxed pair)', () => {
  it('finds a jinxed pair from the facts, and none in a list without one', async () => {
    const { characters } = await import('./facts');
    const { hasJinxedPair } = await import('./catalogue');
    const { withScriptFacts } = await import('./intentFacts');
    const first = characters.find((c) => c.jinxesWith.length > 0)!;
    expect(hasJinxedPair([first.id, first.jinxesWith[0]!])).toBe(true);
    expect(hasJinxedPair([first.id])).toBe(false);
    const edition = { id: 'custom', name: 'x', author: '', isOfficial: false, level: 'veteran' as const };
    const roles = [first.id, first.jinxesWith[0]!].map((id) => ({ id, name: id, team: 'townsfolk' as const }));
    // Whatever the client claims, the facts decide.
    expect(withScriptFacts({ type: 'edition', edition, roles, jinxed: false })).toMatchObject({ jinxed: true });
    expect(withScriptFacts({ type: 'edition', edition, roles: roles.slice(0, 1), jinxed: true })).toMatchObject({
      jinxed: false,
    });
  });
});
