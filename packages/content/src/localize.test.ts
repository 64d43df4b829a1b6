import { describe, expect, it } from 'vitest';
import deCharacters from '../locales/de/characters.json' with { type: 'json' };
import deJinxes from '../locales/de/jinxes.json' with { type: 'json' };
import deNight from '../locales/de/night.json' with { type: 'json' };
import deReminders from '../locales/de/reminders.json' with { type: 'json' };
import esCharacters from '../locales/es-419/characters.json' with { type: 'json' };
import esJinxes from '../locales/es-419/jinxes.json' with { type: 'json' };
import esNight from '../locales/es-419/night.json' with { type: 'json' };
import esReminders from '../locales/es-419/reminders.json' with { type: 'json' };
import svCharacters from '../locales/sv/characters.json' with { type: 'json' };
import svJinxes from '../locales/sv/jinxes.json' with { type: 'json' };
import svNight from '../locales/sv/night.json' with { type: 'json' };
import svReminders from '../locales/sv/reminders.json' with { type: 'json' };
import english from '../locales/en/characters.json' with { type: 'json' };
import englishJinxes from '../locales/en/jinxes.json' with { type: 'json' };
import englishNight from '../locales/en/night.json' with { type: 'json' };
import { roleById } from './catalogue';
import { characters } from './facts';
import { CONTENT_LOCALES, type ContentTexts, localizeReminder, localizeRole } from './localize';

const FILES: Record<string, ContentTexts> = {
  de: { characters: deCharacters, reminders: deReminders, jinxes: deJinxes, night: deNight },
  'es-419': { characters: esCharacters, reminders: esReminders, jinxes: esJinxes, night: esNight },
  sv: { characters: svCharacters, reminders: svReminders, jinxes: svJinxes, night: svNight },
};

const en = english as Record<string, { ability: string; firstNightReminder?: string; otherNightReminder?: string }>;
const reminderNames = [...new Set(characters.flatMap((c) => [...c.reminders, ...c.remindersGlobal]))];
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value === value.trim();

describe('game content in de, es-419 and sv (spec 3 §7)', () => {
  for (const code of CONTENT_LOCALES) {
    describe(code, () => {
      const texts = FILES[code]!;

      it('names and explains every character, with a reminder wherever English has one', () => {
        const problems: string[] = [];
        for (const fact of characters) {
          const t = texts.characters[fact.id];
          const source = en[fact.id]!;
          if (!t) {
            problems.push(`${fact.id}: missing`);
            continue;
          }
          if (!filled(t.name)) problems.push(`${fact.id}.name`);
          if (!filled(t.ability)) problems.push(`${fact.id}.ability`);
          for (const field of ['firstNightReminder', 'otherNightReminder'] as const) {
            if (filled(source[field]) !== filled(t[field])) problems.push(`${fact.id}.${field}`);
          }
        }
        problems.push(
          ...Object.keys(texts.characters)
            .filter((id) => !en[id])
            .map((id) => `${id}: unknown id`),
        );
        expect(problems).toEqual([]);
      });

      it('translates every reminder token name, every jinx and every night marker, and nothing else', () => {
        expect(reminderNames.filter((name) => !filled(texts.reminders[name]))).toEqual([]);
        expect(Object.keys(texts.reminders).filter((name) => !reminderNames.includes(name))).toEqual([]);
        expect(Object.keys(texts.jinxes).sort()).toEqual(Object.keys(englishJinxes).sort());
        expect(Object.values(texts.jinxes).every(filled)).toBe(true);
        expect(Object.keys(texts.night).sort()).toEqual(Object.keys(englishNight).sort());
      });
    });
  }
});

describe('localizeRole', () => {
  const texts: ContentTexts = {
    characters: { chef: { name: 'Koch', ability: 'Kocht.', firstNightReminder: 'Weck den Koch.' } },
    reminders: { Poisoned: 'Vergiftet' },
    jinxes: {},
    night: {},
  };
  const chef = roleById('chef')!;

  it('shows an official character in the locale, merged over English', () => {
    const shown = localizeRole(chef, texts);
    expect(shown).toMatchObject({ id: 'chef', name: 'Koch', ability: 'Kocht.', firstNightReminder: 'Weck den Koch.' });
    expect(localizeRole(roleById('empath')!, texts)).toEqual(roleById('empath'));
  });

  it('keeps English names when asked, and a custom script its own texts', () => {
    expect(localizeRole(chef, texts, true).name).toBe('Chef');
    const custom = { ...chef, ability: 'Our own chef ability.' };
    expect(localizeRole(custom, texts)).toBe(custom);
    expect(localizeRole({ ...chef, isCustom: true }, texts).name).toBe('Chef');
  });

  it('translates reminder names it knows and leaves the rest', () => {
    expect(localizeReminder('Poisoned', texts)).toBe('Vergiftet');
    expect(localizeReminder('My own token', texts)).toBe('My own token');
    expect(localizeRole(chef, null)).toBe(chef);
  });
});
