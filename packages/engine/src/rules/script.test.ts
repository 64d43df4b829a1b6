import { describe, expect, it } from 'vitest';
import { apply } from '../apply';
import { ALICE, code, ok, ST, T0, tableWith } from '../testing';
import type { EditionRef, Role } from '../types';
import { view } from '../view';

const chef: Role = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const imp: Role = { id: 'imp', name: 'Imp', team: 'demon' };
const toymaker: Role = { id: 'toymaker', name: 'Toymaker', team: 'fabled' };
const homebrew: EditionRef = { id: 'homebrew', name: 'Our Town', author: 'Us', isOfficial: false, level: 'veteran' };

describe('choosing a script (spec 3 §4)', () => {
  it('adds the Djinn to a jinxed custom script and takes it away again from one without a jinx', () => {
    const custom: EditionRef = { ...homebrew, id: 'custom' };
    const jinxed = ok(
      apply(tableWith(3), { type: 'edition', edition: custom, roles: [chef, imp], jinxed: true }, ST, T0),
    );
    expect(jinxed.fabled.map((r) => r.id)).toEqual(['djinn']);
    const plain = ok(apply(jinxed, { type: 'edition', edition: custom, roles: [chef, imp], jinxed: false }, ST, T0));
    expect(plain.fabled).toEqual([]);
  });

  it('resets roles and fabled, keeps the script characters, adds the Bootlegger for homebrew and forces difficulty 1', () => {
    const s = tableWith(3);
    s.seats[0]!.role = chef;
    s.meta.tags.difficulty = 2;
    const next = ok(apply(s, { type: 'edition', edition: homebrew, roles: [chef, imp, toymaker] }, ST, T0));
    expect(next.seats[0]!.role).toBeNull();
    expect(next.script.map((r) => r.id)).toEqual(['chef', 'imp']);
    expect(next.fabled.map((r) => r.id)).toEqual(['toymaker', 'bootlegger']);
    expect(next.edition).toMatchObject({ id: 'homebrew', isOfficial: false });
    expect(next.meta.tags.difficulty).toBe(1);
    expect(code(apply(next, { type: 'fabled', action: 'remove', id: 'bootlegger' }, ST, T0))).toBe('bad_request');
    expect(code(apply(s, { type: 'edition', edition: homebrew, roles: [] }, ALICE, T0))).toBe('forbidden');
  });

  it('fabled: the Storyteller adds and removes them', () => {
    let s = ok(apply(tableWith(3), { type: 'fabled', action: 'add', role: toymaker }, ST, T0));
    expect(s.fabled.map((f) => f.id)).toEqual(['toymaker']);
    expect(code(apply(s, { type: 'fabled', action: 'add', role: chef }, ST, T0))).toBe('bad_request');
    s = ok(apply(s, { type: 'fabled', action: 'remove', id: 'toymaker' }, ST, T0));
    expect(s.fabled).toEqual([]);
  });
});

describe('bluffs (spec 3 §4, §5)', () => {
  it('three, never travellers, minions, demons or characters in play', () => {
    const s = tableWith(3);
    s.seats[0]!.role = chef;
    expect(code(apply(s, { type: 'bluffs', bluffs: [imp, null, null] }, ST, T0))).toBe('bad_request');
    expect(code(apply(s, { type: 'bluffs', bluffs: [chef, null, null] }, ST, T0))).toBe('bad_request');
    expect(code(apply(s, { type: 'bluffs', bluffs: [null, null] }, ST, T0))).toBe('bad_request');
    const mayor: Role = { id: 'mayor', name: 'Mayor', team: 'townsfolk' };
    expect(ok(apply(s, { type: 'bluffs', bluffs: [mayor, null, null] }, ST, T0)).bluffs[0]?.id).toBe('mayor');
  });

  it('the demon sees them with more than six players or a Toymaker; others never', () => {
    const mayor: Role = { id: 'mayor', name: 'Mayor', team: 'townsfolk' };
    const s = tableWith(7);
    s.seats[0] = { ...s.seats[0]!, id: 'alice', role: imp };
    s.seats[1] = { ...s.seats[1]!, id: 'bob', role: chef };
    s.bluffs = [mayor, null, null];
    expect(view(s, 'alice').bluffs[0]?.id).toBe('mayor');
    expect(view(s, 'bob').bluffs[0]).toBeNull();
    const six = { ...s, seats: s.seats.slice(0, 6) };
    expect(view(six, 'alice').bluffs[0]).toBeNull();
    expect(view({ ...six, fabled: [toymaker] }, 'alice').bluffs[0]?.id).toBe('mayor');
  });
});
