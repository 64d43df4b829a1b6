import { loadScript } from '@belfry/content';
import { MAX_MESSAGE_BYTES } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { fetchAlert, isFatal, issueLine, jsonPath, payloadAlert, scriptAlerts } from './problems';

const options = { isHomebrew: false, isImageOptIn: false };

describe('schema issue paths', () => {
  it('writes the loader path as a JSON path', () => {
    expect(jsonPath('')).toBe('$');
    expect(jsonPath('3')).toBe('$[3]');
    expect(jsonPath('5.name')).toBe('$[5].name');
    expect(jsonPath('5.reminders.0')).toBe('$[5].reminders[0]');
    expect(jsonPath('0.bootlegger.10')).toBe('$[0].bootlegger[10]');
  });

  it('puts the path before the message', () => {
    expect(issueLine({ path: '5.ability', message: 'Too long' })).toBe('$[5].ability: Too long');
  });
});

describe('problem → alert (spec 3 §5 and §8)', () => {
  it('size: error_size with the actual and allowed MB; nothing loads', () => {
    const alerts = scriptAlerts([{ kind: 'size', actualMb: 2.5, allowedMb: 1 }], options);
    expect(alerts).toEqual([
      {
        kind: 'size',
        titleKey: 'edition.error_title',
        textKey: 'edition.error_size',
        params: { actual: 2.5, allowed: 1 },
      },
    ]);
    expect(isFatal(alerts)).toBe(true);
  });

  it('more than 150 characters: error_character with the count; nothing loads', () => {
    const alerts = scriptAlerts([{ kind: 'characters', count: 151, allowed: 150 }], options);
    expect(alerts[0]).toMatchObject({ textKey: 'edition.error_character', params: { count: 151, allowed: 150 } });
    expect(isFatal(alerts)).toBe(true);
  });

  it('schema issues: error_script listing every path and message; loading continues', () => {
    const loaded = loadScript(
      JSON.stringify([
        'washerwoman',
        'chef',
        'imp',
        'poisoner',
        { id: 'lamp', name: 'A lamplighter with a name far too long', team: 'townsfolk', ability: 'x'.repeat(251) },
      ]),
    );
    const alerts = scriptAlerts(loaded.problems, { isHomebrew: loaded.editionId === 'homebrew', isImageOptIn: true });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ titleKey: 'edition.error_script', params: { count: 2 } });
    expect(alerts[0]!.issues!.map(issueLine)).toEqual([
      '$[4].name: Too big: expected string to have <=30 characters',
      '$[4].ability: Too big: expected string to have <=250 characters',
    ]);
    expect(isFatal(alerts)).toBe(false);
  });

  it('unknown ids: error_custom with error_loading and the ids; not fatal (Trouble Brewing loads)', () => {
    const loaded = loadScript(JSON.stringify(['washerwoman', 'chef', 'imp', 'nosuchone', 'norme']));
    const alerts = scriptAlerts(loaded.problems, options);
    expect(alerts).toEqual([
      {
        kind: 'unknown',
        titleKey: 'edition.error_custom',
        textKey: 'edition.error_loading',
        params: { count: 2, ids: 'nosuchone, norme' },
        ids: ['nosuchone', 'norme'],
      },
    ]);
    expect(isFatal(alerts)).toBe(false);
  });

  it('parse failures: error_custom with the message; nothing loads', () => {
    const alerts = scriptAlerts(loadScript('[{"id": ').problems, options);
    expect(alerts[0]).toMatchObject({
      kind: 'parse',
      titleKey: 'edition.error_custom',
      textKey: 'edition.error_parse',
    });
    expect(String(alerts[0]!.params.message)).not.toBe('');
    expect(isFatal(alerts)).toBe(true);
  });

  it('fetch failures: error_custom with the message; nothing loads', () => {
    const alert = fetchAlert('Failed to fetch');
    expect(alert).toEqual({
      kind: 'fetch',
      titleKey: 'edition.error_custom',
      textKey: 'edition.error_fetch',
      params: { message: 'Failed to fetch' },
    });
    expect(isFatal([alert])).toBe(true);
  });

  it('a homebrew script alerts (homebrew_title) only while images are not opted in', () => {
    expect(scriptAlerts([], { isHomebrew: true, isImageOptIn: false })).toEqual([
      { kind: 'homebrew', titleKey: 'edition.homebrew_title', textKey: 'edition.homebrew_text', params: {} },
    ]);
    expect(scriptAlerts([], { isHomebrew: true, isImageOptIn: true })).toEqual([]);
    expect(scriptAlerts([], { isHomebrew: false, isImageOptIn: false })).toEqual([]);
  });

  it('puts what stopped the script first', () => {
    const alerts = scriptAlerts(
      [
        { kind: 'schema', issues: [{ path: '1', message: 'm' }] },
        { kind: 'parse', message: 'bad' },
      ],
      options,
    );
    expect(alerts.map((a) => a.kind)).toEqual(['parse', 'schema']);
  });

  it('refuses a script the server would not read (messages of at most 64 KB)', () => {
    expect(payloadAlert({ roles: 'x'.repeat(MAX_MESSAGE_BYTES - 100) })).toBeNull();
    expect(payloadAlert({ roles: 'x'.repeat(MAX_MESSAGE_BYTES) })).toMatchObject({
      textKey: 'edition.error_payload',
      params: { allowed: 64 },
    });
  });

  it('uses keys that exist in the English resources', () => {
    const all = [
      ...scriptAlerts([{ kind: 'size', actualMb: 2, allowedMb: 1 }], options),
      ...scriptAlerts([{ kind: 'characters', count: 151, allowed: 150 }], options),
      ...scriptAlerts([{ kind: 'schema', issues: [] }], options),
      ...scriptAlerts([{ kind: 'unknown', ids: ['x'] }], options),
      ...scriptAlerts([{ kind: 'parse', message: 'x' }], options),
      ...scriptAlerts([], { isHomebrew: true, isImageOptIn: false }),
      fetchAlert('x'),
      payloadAlert('x'.repeat(MAX_MESSAGE_BYTES))!,
    ];
    const section = en.edition as Record<string, unknown>;
    for (const alert of all) {
      for (const key of [alert.titleKey, alert.textKey]) {
        const name = key.replace(/^edition\./, '');
        expect(typeof section[name] === 'string' || typeof section[`${name}_other`] === 'string', key).toBe(true);
      }
    }
  });
});
