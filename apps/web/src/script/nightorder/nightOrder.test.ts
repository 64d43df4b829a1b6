import { nightOrderFor, roleById } from '@belfry/content';
import type { Role, Seat } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { tableView } from '../../session/testView';
import {
  currentNightKind,
  inheritedWakers,
  markerPositions,
  nightOrder,
  nightPlaces,
  type NightOrderInput,
} from './nightOrder';

const role = (id: string): Role => roleById(id)!;

const seats = (...ids: (string | null)[]): Seat[] => {
  const view = tableView(ids.length, 'st');
  return view.seats.map((seat, i) => ({ ...seat, role: ids[i] ? role(ids[i]!) : null }));
};

const input = (partial: Partial<NightOrderInput>): NightOrderInput => ({
  roles: [],
  seats: [],
  fabled: [],
  toggles: {},
  ...partial,
});

const keys = (entries: ReturnType<typeof nightOrder>) => entries.map((e) => e.key);

describe('night order with markers (spec 3 §4)', () => {
  it('places dusk first, minion and demon info on the first night, dawn last', () => {
    const list = nightOrder(input({ roles: ['poisoner', 'washerwoman', 'spy', 'imp'].map(role) }), 'first');
    expect(keys(list)).toEqual([
      'marker-dusk',
      'marker-minioninfo',
      'marker-demoninfo',
      'poisoner',
      'washerwoman',
      'spy',
      'marker-dawn',
    ]);
    // The same order as the content's night order list.
    expect(keys(list).map((k) => k.replace('marker-', ''))).toEqual(
      nightOrderFor(['poisoner', 'washerwoman', 'spy', 'imp']).firstNight,
    );
    expect(list.find((e) => e.marker === 'minioninfo')!.text.length).toBeGreaterThan(0);
  });

  it('has only dusk and dawn on other nights, and leaves out characters that do not wake', () => {
    const list = nightOrder(input({ roles: ['poisoner', 'washerwoman', 'imp'].map(role) }), 'other');
    expect(keys(list)).toEqual(['marker-dusk', 'poisoner', 'imp', 'marker-dawn']);
  });

  it('reads marker places from the numbering, so a custom character sorts by its number', () => {
    const first = markerPositions('first');
    expect(first.dusk).toBe(0);
    expect(first.minioninfo).toBeLessThan(first.demoninfo!);
    const lantern: Role = {
      id: 'lantern',
      name: 'Lantern',
      team: 'townsfolk',
      firstNight: first.minioninfo,
      isCustom: true,
    };
    const list = nightOrder(input({ roles: [lantern, role('poisoner')] }), 'first');
    // A marker leads a character with the same number.
    expect(keys(list).slice(0, 4)).toEqual(['marker-dusk', 'marker-minioninfo', 'lantern', 'marker-demoninfo']);
  });

  it('adds travellers and fabled in play that wake', () => {
    const list = nightOrder(
      input({ roles: [role('poisoner')], seats: seats('poisoner', 'bureaucrat'), fabled: [role('toymaker')] }),
      'first',
    );
    expect(keys(list)).toEqual(expect.arrayContaining(['bureaucrat', 'toymaker', 'poisoner']));
  });
});

describe('token visibility (spec 3 §4)', () => {
  const base = () =>
    input({
      roles: ['poisoner', 'washerwoman', 'imp'].map(role),
      seats: seats('imp', null),
      fabled: [role('toymaker')],
    });

  it('shows roles with players and fabled; dims the rest', () => {
    const list = nightOrder(base(), 'other');
    const visible = Object.fromEntries(list.map((e) => [e.key, e.visible]));
    expect(visible).toMatchObject({ imp: true, toymaker: true, poisoner: false, 'marker-dusk': true });
    expect(list.find((e) => e.key === 'imp')!.players).toEqual([{ index: 0, id: 'p1' }]);
  });

  it('lets a toggle override the default either way', () => {
    const list = nightOrder({ ...base(), toggles: { imp: false, poisoner: true } }, 'other');
    const visible = Object.fromEntries(list.map((e) => [e.key, e.visible]));
    expect(visible).toMatchObject({ imp: false, poisoner: true });
  });
});

describe('inherited wakers (spec 3 §4)', () => {
  it('wakes a Cannibal with the role of the player carrying its Lunch reminder', () => {
    const table = seats('cannibal', 'poisoner', 'washerwoman');
    table[1]!.reminders = [{ role: 'cannibal', name: 'Lunch', isFlipped: false }];
    expect(inheritedWakers(table).get('poisoner')).toEqual([{ index: 0, id: 'p1', via: 'cannibal' }]);
    const list = nightOrder(input({ roles: ['poisoner', 'cannibal'].map(role), seats: table }), 'other');
    expect(list.find((e) => e.key === 'poisoner')!.players).toEqual([
      { index: 1, id: 'p2' },
      { index: 0, id: 'p1', via: 'cannibal' },
    ]);
  });

  it('wakes a Pixie only once it has its Has Ability reminder', () => {
    const table = seats('pixie', 'monk');
    table[1]!.reminders = [{ role: 'pixie', name: 'Mad', isFlipped: false }];
    expect(inheritedWakers(table).size).toBe(0);
    table[0]!.reminders = [{ role: 'pixie', name: 'Has Ability', isFlipped: false }];
    expect(inheritedWakers(table).get('monk')).toEqual([{ index: 0, id: 'p1', via: 'pixie' }]);
    const list = nightOrder(input({ roles: ['pixie', 'monk'].map(role), seats: table, toggles: {} }), 'other');
    expect(list.find((e) => e.key === 'monk')).toMatchObject({ visible: true });
  });
});

describe('which night', () => {
  it('is the first night until it is over', () => {
    expect([0, 1, 2, 3].map(currentNightKind)).toEqual(['first', 'first', 'other', 'other']);
  });
});

describe('night order on tokens (spec 3 §3 isNightOrder)', () => {
  it('numbers the characters in play that wake, in night order, markers and absent characters not counted', () => {
    const table = seats('imp', 'chef', 'poisoner', 'soldier', 'monk');
    const first = nightPlaces(input({ seats: table }), 'first');
    // First night: Poisoner (32) before Chef (54); the Imp, Soldier and Monk do not wake.
    expect([...first]).toEqual([
      ['poisoner', 1],
      ['chef', 2],
    ]);
    const other = nightPlaces(input({ seats: table, roles: [role('empath')] }), 'other');
    // Other nights: Poisoner (16), Monk (23), Imp (39); the Empath is not in play.
    expect([...other]).toEqual([
      ['poisoner', 1],
      ['monk', 2],
      ['imp', 3],
    ]);
  });
});
