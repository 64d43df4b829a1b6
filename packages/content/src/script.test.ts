import { describe, expect, it } from 'vitest';
import { loadScript, scriptJsonSchema } from './script';
import { MAX_SCRIPT_CHARACTERS, scriptDownload } from './scriptFile';

const five = ['washerwoman', 'chef', 'imp', 'poisoner', 'butler'];

describe('custom scripts (spec 3 §3–§5)', () => {
  it('loads official ids with a _meta entry as a custom edition', () => {
    const script = loadScript(
      JSON.stringify([{ id: '_meta', name: 'Tiny Town', author: 'Someone' }, ...five, 'toymaker']),
    );
    expect(script).toMatchObject({ editionId: 'custom', name: 'Tiny Town', author: 'Someone', problems: [] });
    expect(script.roles.map((r) => r.id)).toEqual(five);
    expect(script.fabled.map((r) => r.id)).toEqual(['toymaker']);
  });

  it('a custom character makes it homebrew; the team value traveler is corrected to traveller', () => {
    const custom = { id: 'tinker2', name: 'Tinkerer', team: 'traveler', ability: 'Something of our own.' };
    const script = loadScript(JSON.stringify([...five, custom]));
    expect(script.editionId).toBe('homebrew');
    expect(script.roles.at(-1)).toMatchObject({ id: 'tinker2', team: 'traveller', isCustom: true });
  });

  it('lists schema problems but goes on loading', () => {
    const tooLong = { id: 'wordy', name: 'Wordy', team: 'townsfolk', ability: 'x'.repeat(251) };
    const script = loadScript(JSON.stringify([...five, tooLong, { id: 'chef' }]));
    expect(script.problems[0]).toMatchObject({ kind: 'schema' });
    expect(script.roles.map((r) => r.id)).toContain('chef');
  });

  it('unknown character ids fall back to tb', () => {
    const script = loadScript(JSON.stringify([...five, 'notacharacter']));
    expect(script.editionId).toBe('tb');
    expect(script.problems).toContainEqual({ kind: 'unknown', ids: ['notacharacter'] });
  });

  it(`refuses more than ${MAX_SCRIPT_CHARACTERS} characters and files over 1 MB`, () => {
    const many = Array.from({ length: 151 }, () => 'chef');
    expect(loadScript(JSON.stringify(many)).problems).toEqual([{ kind: 'characters', count: 151, allowed: 150 }]);
    const big = JSON.stringify([...five, { id: '_meta', name: 'x', almanac: 'y'.repeat(1024 * 1024) }]);
    expect(loadScript(big).problems[0]).toMatchObject({ kind: 'size', allowedMb: 1 });
    expect(loadScript('not json').problems[0]).toMatchObject({ kind: 'parse' });
  });

  it('downloads as _meta, the roles, then fabled without Bootlegger and Djinn; the file name drops punctuation and spaces', () => {
    const script = loadScript(JSON.stringify([...five, 'djinn', 'toymaker']));
    const download = scriptDownload({ name: "Tiny Town's Tale!", author: 'A' }, script.roles, script.fabled);
    expect(download.fileName).toBe('TinyTownsTale.json');
    expect(download.json).toEqual([{ id: '_meta', name: "Tiny Town's Tale!", author: 'A' }, ...five, 'toymaker']);
    expect(scriptDownload({ name: '', author: '' }, [], []).fileName).toBe('custom-script.json');
  });

  it('publishes a JSON schema', () => {
    expect(scriptJsonSchema()).toMatchObject({ type: 'array', minItems: 5, maxItems: 151 });
  });
});

describe('character images (spec 3 §3 image opt-in)', () => {
  const withImage = (image: unknown) =>
    loadScript(
      JSON.stringify([
        'chef',
        'empath',
        'imp',
        'spy',
        { id: 'lamp', name: 'Lamp', team: 'townsfolk', ability: 'Glows.', image },
      ]),
    ).roles.find((role) => role.id === 'lamp');

  it('keeps the first https image of a custom character and drops any other address', () => {
    expect(withImage('https://img.example/a.png')?.image).toBe('https://img.example/a.png');
    expect(withImage(['https://img.example/good.png', 'https://img.example/evil.png'])?.image).toBe(
      'https://img.example/good.png',
    );
    expect(withImage('http://img.example/a.png')).not.toHaveProperty('image');
    expect(withImage('javascript:alert(1)')).not.toHaveProperty('image');
  });
});
