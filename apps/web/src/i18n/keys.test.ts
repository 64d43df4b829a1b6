import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HAND_ICONS, POWERFUL_HAND_ICONS } from '@belfry/engine';
import { ACTIONS } from '../ui/dialogs';
import { CLIENT_ERROR_CODES } from '../api/appError';
import { DISCONNECT_REASON_KEYS } from '../table/disconnectReasons';
import { DISTRIBUTION_TEAMS } from '../table/townInfo';
import { LOADING_KEYS } from '../ui/loadingStore';
import { KNOWN_LEVELS, levelKey } from '../people/levels';
import { CYCLE_TAGS, tagShortKey, tagValueKey } from '../people/sessionTags';
import type { JoinBlock } from '../lobby/lobbyTable';
import { CONNECTION_STATES } from '../session/connectionState';
import { CLOSED_CODES, closedTexts, JOIN_REFUSAL_TEXTS, joinRefusalHandling } from '../session/refusals';
import en from './en.json';

const SRC = join(import.meta.dirname, '..');
const NAMESPACES = Object.keys(en).join('|');
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES})\\.[a-z0-9_.]+)['"\`]`, 'g');

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

/** A key exists as a string, or as i18next plural forms (key_one, key_other). */
const exists = (key: string): boolean =>
  typeof lookup(key) === 'string' ||
  (typeof lookup(`${key}_one`) === 'string' && typeof lookup(`${key}_other`) === 'string');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('English resources', () => {
  it('contain every key the source names literally', () => {
    const missing: string[] = [];
    // laterStrings.ts names groups of keys, not strings (laterStrings.test.ts checks them).
    for (const file of sourceFiles(SRC).filter((path) => !path.endsWith('laterStrings.ts'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
        const key = match[1]!;
        if (!exists(key)) missing.push(`${key} (${file.slice(SRC.length + 1)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('contain every key built at run time', () => {
    const dynamic = [
      ...CLIENT_ERROR_CODES.map((code) => `errors.codes.${code}`),
      ...ACTIONS.map((action) => `error.${action}`),
      ...CONNECTION_STATES.map((state) => `connection.${state}`),
      ...['storyteller', 'player', 'spectator'].map((role) => `grimoire.role.${role}`),
      ...['too_short', 'invalid'].map((reason) => `lobby.join.errors.${reason}`),
      ...Object.values(LOADING_KEYS),
      ...Object.values(DISCONNECT_REASON_KEYS),
      ...KNOWN_LEVELS.map((level) => levelKey(level)!),
      ...CYCLE_TAGS.flatMap((tag) => [
        `tags.${tag}.label`,
        ...[0, 1, 2].flatMap((value) => [tagValueKey(tag, value), tagShortKey(tag, value)]),
      ]),
      ...JOIN_REFUSAL_TEXTS.flatMap((code) => {
        const handling = joinRefusalHandling(code);
        return handling.kind === 'dialog' ? [handling.textKey] : [];
      }),
      ...CLOSED_CODES.flatMap((code) => Object.values(closedTexts(code))),
      ...(['session_full', 'subscription_needed', 'forced_private'] satisfies JoinBlock[]).map(
        (block) => `lobby.blocked.${block}`,
      ),
      // The game screen (issue 5): keys built from seat states, teams, tabs, icons and sounds.
      ...['alive', 'dead', 'voteless'].map((state) => `game.seat.life_${state}`),
      ...['none', 'g', 'e'].map((alignment) => `game.alignment.${alignment}`),
      ...['open', 'peek', 'close'].map((eyes) => `game.eyes.${eyes}`),
      ...[...BUILT_IN_HAND_ICONS, ...POWERFUL_HAND_ICONS].map((icon) => `game.hand.icon.${icon}`),
      ...['playing', 'game', 'app'].map((tab) => `game.menu.tab_${tab}`),
      ...['character', 'traveller'].map((tab) => `game.role_picker.tab_${tab}`),
      ...['attentionGong', 'timerGong'].map((sound) => `game.sound.${sound}`),
      ...[...DISTRIBUTION_TEAMS, 'traveller'].map((team) => `game.teams.${team}`),
      ...DISTRIBUTION_TEAMS.map((team) => `game.teams_short.${team}`),
      'error.generic',
      'error.server_title',
      'error.server_text',
      'error.server2_text',
    ];
    expect(dynamic.filter((key) => !exists(key))).toEqual([]);
  });

  it('interpolate the reason into server2_text', () => {
    expect(lookup('error.server2_text')).toContain('{{reason}}');
  });
});
