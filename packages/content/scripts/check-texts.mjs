#!/usr/bin/env node
// Checks Belfry's own English texts (locales/en/*.json) against the character facts.
// Usage: node packages/content/scripts/check-texts.mjs   (no dependencies)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (rel) => JSON.parse(readFileSync(join(root, rel), 'utf8'));

const LIMITS = { ability: 250, reminder: 300, jinx: 250, night: 300 };
const FABLED_OR_LORIC = new Set(['fabled', 'loric']);
// Markup of the official app data that must never show up in our texts.
const FOREIGN_MARKUP = [/:reminder:/, /\*[A-Z][A-Z '&:]+\*/, /night\*/i];

const errors = [];
const warnings = [];
const err = (msg) => errors.push(msg);
const warn = (msg) => warnings.push(msg);

const facts = load('data/characters-facts.json');
const texts = load('locales/en/characters.json');
const jinxes = load('locales/en/jinxes.json');
const night = load('locales/en/night.json');

const isText = (v) => typeof v === 'string' && v.trim().length > 0 && v === v.trim();
const checkText = (where, value, limit) => {
  if (!isText(value)) {
    err(`${where}: missing, empty or padded with whitespace`);
    return;
  }
  if (value.length > limit) err(`${where}: ${value.length} characters (limit ${limit})`);
  for (const re of FOREIGN_MARKUP) if (re.test(value)) err(`${where}: contains foreign markup ${re}`);
  if (/\s{2,}/.test(value)) warn(`${where}: double space`);
};

// Every reminder token name known to the facts, for checking "the X reminder" references.
const allTokens = new Set();
for (const c of facts.characters) for (const r of [...c.reminders, ...c.remindersGlobal]) allTokens.add(r);

// ---- characters ----
const ids = new Set(facts.characters.map((c) => c.id));
let firstCount = 0;
let otherCount = 0;
let maxAbility = 0;
let maxReminder = 0;
for (const c of facts.characters) {
  const t = texts[c.id];
  if (!t || typeof t !== 'object') {
    err(`characters.${c.id}: no entry`);
    continue;
  }
  for (const key of Object.keys(t)) {
    if (!['ability', 'firstNightReminder', 'otherNightReminder'].includes(key))
      err(`characters.${c.id}: unknown key ${key}`);
  }
  checkText(`characters.${c.id}.ability`, t.ability, LIMITS.ability);
  maxAbility = Math.max(maxAbility, t.ability?.length ?? 0);
  if (c.setup && !FABLED_OR_LORIC.has(c.team) && !/\]$/.test(t.ability ?? '')) {
    err(`characters.${c.id}.ability: changes the setup but has no [bracketed] setup note at the end`);
  }
  for (const [key, pos] of [
    ['firstNightReminder', c.firstNight],
    ['otherNightReminder', c.otherNight],
  ]) {
    const wakes = pos > 0;
    const has = key in t;
    if (wakes && !has) err(`characters.${c.id}: ${key} missing (night position ${pos})`);
    if (!wakes && has) err(`characters.${c.id}: ${key} present but the character does not act that night`);
    if (!has) continue;
    checkText(`characters.${c.id}.${key}`, t[key], LIMITS.reminder);
    maxReminder = Math.max(maxReminder, t[key]?.length ?? 0);
    if (key === 'firstNightReminder') firstCount++;
    else otherCount++;
    // "the Foo reminder(s)" must name a real token.
    for (const m of String(t[key]).matchAll(/\bthe ([A-Z0-9?][\w&:'?]*(?: [A-Z0-9&][\w&:'?]*)*) reminders?\b/g)) {
      const name = m[1];
      if (/'s$/.test(name)) continue; // possessive ("the Summoner's reminder"), not a token name
      if (!allTokens.has(name)) err(`characters.${c.id}.${key}: refers to unknown reminder token "${name}"`);
    }
  }
  // Informational: a character with its own tokens and night texts that never names any of them.
  const own = [...c.reminders, ...c.remindersGlobal];
  const nightText = `${t.firstNightReminder ?? ''} ${t.otherNightReminder ?? ''}`;
  if (own.length && nightText.trim() && !own.some((r) => nightText.includes(r))) {
    warn(`characters.${c.id}: night texts name none of its reminder tokens (${own.join(', ')})`);
  }
}
for (const id of Object.keys(texts)) if (!ids.has(id)) err(`characters.${id}: not a known character`);

// ---- jinxes ----
const pairs = new Map();
for (const c of facts.characters) {
  for (const other of c.jinxesWith) {
    if (!ids.has(other)) err(`facts: ${c.id} jinxes unknown character ${other}`);
    const key = [c.id, other].sort().join('|');
    if (pairs.has(key)) warn(`facts: jinx pair ${key} listed more than once`);
    pairs.set(key, true);
  }
}
let maxJinx = 0;
for (const key of pairs.keys()) {
  if (!(key in jinxes)) {
    err(`jinxes: missing ${key}`);
    continue;
  }
  checkText(`jinxes.${key}`, jinxes[key], LIMITS.jinx);
  maxJinx = Math.max(maxJinx, jinxes[key]?.length ?? 0);
}
for (const key of Object.keys(jinxes)) {
  if (!pairs.has(key)) err(`jinxes: ${key} is not a jinx pair in the facts (keys are "idA|idB", sorted)`);
}

// ---- night markers ----
const markers = new Set([...Object.keys(facts.nightMarkers.firstNight), ...Object.keys(facts.nightMarkers.otherNight)]);
for (const m of markers) checkText(`night.${m}`, night[m], LIMITS.night);
for (const m of Object.keys(night)) if (!markers.has(m)) err(`night.${m}: not a night marker`);

// ---- summary ----
const teams = {};
for (const c of facts.characters) teams[c.team] = (teams[c.team] ?? 0) + 1;
console.log('Belfry text check (locales/en)');
console.log(
  `  characters: ${Object.keys(texts).length}/${facts.characters.length} (${Object.entries(teams)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(
  `  night reminders: first night ${firstCount} (expected ${facts.characters.filter((c) => c.firstNight > 0).length}), other nights ${otherCount} (expected ${facts.characters.filter((c) => c.otherNight > 0).length})`,
);
console.log(`  jinxes: ${Object.keys(jinxes).length}/${pairs.size} pairs`);
console.log(`  night markers: ${Object.keys(night).length}/${markers.size} (${[...markers].join(', ')})`);
console.log(
  `  longest: ability ${maxAbility}/${LIMITS.ability}, reminder ${maxReminder}/${LIMITS.reminder}, jinx ${maxJinx}/${LIMITS.jinx}`,
);
for (const w of warnings) console.log(`  warning: ${w}`);
if (errors.length) {
  for (const e of errors) console.error(`  ERROR: ${e}`);
  console.error(`FAILED with ${errors.length} error(s)`);
  process.exit(1);
}
console.log('OK');
