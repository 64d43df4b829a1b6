import { nightMarkerText, nightOrderFor, roles as catalogue } from '@belfry/content';
import type { Role, Seat } from '@belfry/engine';
import { withOwnTexts } from '../sheet/sheetData';

export type NightKind = 'first' | 'other';

export const NIGHT_MARKERS = ['dusk', 'minioninfo', 'demoninfo', 'dawn'] as const;
export type NightMarker = (typeof NIGHT_MARKERS)[number];

/**
 * Where the markers sit in the numbering of the night order (a character's firstNight/otherNight is
 * its place in the same list): read from the full list, so dusk is 0 and dawn comes last.
 */
const fullOrder = nightOrderFor(catalogue.map((role) => role.id));
export const markerPositions = (kind: NightKind): Partial<Record<NightMarker, number>> => {
  const list = kind === 'first' ? fullOrder.firstNight : fullOrder.otherNight;
  const positions: Partial<Record<NightMarker, number>> = {};
  for (const marker of NIGHT_MARKERS) {
    const at = list.indexOf(marker);
    if (at >= 0) positions[marker] = at;
  }
  return positions;
};

export interface NightPlayer {
  /** Seat index. */
  index: number;
  /** The seated user's id ('' for an unclaimed seat). */
  id: string;
  /** Set when this player wakes with a character they inherited (spec 3 §4: Cannibal, Pixie). */
  via?: 'cannibal' | 'pixie';
}

export interface NightEntry {
  key: string;
  marker?: NightMarker;
  role?: Role;
  /** Place in the night (the role's firstNight/otherNight number, or the marker's). */
  order: number;
  /** What the Storyteller does: the role's night reminder or the marker's instruction. */
  text: string;
  players: NightPlayer[];
  /** Whether the token is shown (markers always are). */
  visible: boolean;
}

/**
 * Spec 3 §4: a token is visible by default when the role has players or is fabled; a click toggles
 * it (the toggle wins until roles are handed out again).
 */
export const defaultVisible = (role: Role, players: readonly NightPlayer[]): boolean =>
  players.length > 0 || role.team === 'fabled' || role.team === 'loric';

const hasReminder = (seat: Seat, role: string, name: string): boolean =>
  seat.reminders.some((r) => r.role === role && r.name.toLowerCase() === name.toLowerCase());

/**
 * Spec 3 §4 special cases: a Cannibal whose Lunch reminder lies on someone, and a Pixie holding its
 * Has Ability reminder, wake with the character they inherit: the role of the player carrying the
 * Lunch reminder (Cannibal) or the Pixie's Mad reminder (Pixie). Returns role id → extra players.
 */
export const inheritedWakers = (seats: readonly Seat[]): Map<string, NightPlayer[]> => {
  const extra = new Map<string, NightPlayer[]>();
  const add = (roleId: string, player: NightPlayer) => extra.set(roleId, [...(extra.get(roleId) ?? []), player]);
  seats.forEach((seat, index) => {
    if (seat.role?.id === 'cannibal') {
      seats.forEach((other, at) => {
        if (at !== index && other.role && hasReminder(other, 'cannibal', 'Lunch'))
          add(other.role.id, { index, id: seat.id, via: 'cannibal' });
      });
    }
    if (seat.role?.id === 'pixie' && seats.some((s) => hasReminder(s, 'pixie', 'Has Ability'))) {
      seats.forEach((other, at) => {
        if (at !== index && other.role && hasReminder(other, 'pixie', 'Mad'))
          add(other.role.id, { index, id: seat.id, via: 'pixie' });
      });
    }
  });
  return extra;
};

export interface NightOrderInput {
  /** The edition's characters (sheet order). */
  roles: readonly Role[];
  seats: readonly Seat[];
  fabled: readonly Role[];
  /** Per-role visibility chosen by clicks (role id → visible). */
  toggles: Readonly<Record<string, boolean>>;
}

const orderOf = (role: Role, kind: NightKind): number => (kind === 'first' ? role.firstNight : role.otherNight) ?? 0;

const reminderOf = (role: Role, kind: NightKind): string =>
  (kind === 'first' ? role.firstNightReminder : role.otherNightReminder) ?? '';

/**
 * The night order of one night kind: the characters of the edition, those in play besides
 * (travellers, characters from elsewhere) and the fabled in play that wake, in night order, with the
 * dusk, minion info, demon info and dawn markers at their places (a marker goes before a character
 * with the same number). Each entry lists the seats that wake for it.
 */
export const nightOrder = (input: NightOrderInput, kind: NightKind): NightEntry[] => {
  const candidates = new Map<string, Role>();
  const consider = (role: Role | null) => {
    if (role && !candidates.has(role.id)) candidates.set(role.id, withOwnTexts(role));
  };
  input.roles.forEach(consider);
  input.seats.forEach((seat) => consider(seat.role));
  input.fabled.forEach(consider);

  const inherited = inheritedWakers(input.seats);
  const entries: NightEntry[] = [];
  for (const role of candidates.values()) {
    const order = orderOf(role, kind);
    if (order <= 0) continue;
    const players: NightPlayer[] = [
      ...input.seats.flatMap((seat, index) => (seat.role?.id === role.id ? [{ index, id: seat.id }] : [])),
      ...(inherited.get(role.id) ?? []),
    ];
    entries.push({
      key: role.id,
      role,
      order,
      text: reminderOf(role, kind),
      players,
      visible: input.toggles[role.id] ?? defaultVisible(role, players),
    });
  }
  for (const [marker, order] of Object.entries(markerPositions(kind)) as [NightMarker, number][]) {
    entries.push({ key: `marker-${marker}`, marker, order, text: nightMarkerText[marker], players: [], visible: true });
  }
  // Stable: characters with equal numbers keep the edition's order; a marker leads its number.
  return entries
    .map((entry, at) => ({ entry, at }))
    .sort(
      (a, b) =>
        a.entry.order - b.entry.order ||
        Number(Boolean(b.entry.marker)) - Number(Boolean(a.entry.marker)) ||
        a.at - b.at,
    )
    .map(({ entry }) => entry);
};

/** The night a night-order shortcut or menu item means now: the first night until it is over. */
export const currentNightKind = (phase: number): NightKind => (phase <= 1 ? 'first' : 'other');

/**
 * Settings → night order on tokens (spec 3 §3 isNightOrder): each character in play that wakes in this
 * night kind, with its 1-based place among the characters in play that wake (markers not counted).
 */
export const nightPlaces = (input: NightOrderInput, kind: NightKind): Map<string, number> => {
  const places = new Map<string, number>();
  for (const entry of nightOrder(input, kind)) {
    if (entry.role && entry.players.length > 0) places.set(entry.role.id, places.size + 1);
  }
  return places;
};
