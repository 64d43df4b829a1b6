/**
 * The release script: a fixed beginners' list of 25 characters from Trouble Brewing (see README.md
 * for why these). It is loaded like any custom script, so the session's edition id is custom.
 */
export const RELEASE_SCRIPT_IDS: readonly string[] = [
  // Townsfolk (13): every Trouble Brewing one: plain information and protection.
  'washerwoman',
  'librarian',
  'investigator',
  'chef',
  'empath',
  'fortuneteller',
  'undertaker',
  'monk',
  'ravenkeeper',
  'virgin',
  'slayer',
  'soldier',
  'mayor',
  // Outsiders (4): all four, so that a Baron can always add two.
  'butler',
  'drunk',
  'recluse',
  'saint',
  // Minions (4)
  'poisoner',
  'spy',
  'scarletwoman',
  'baron',
  // Demon (1): Trouble Brewing has one.
  'imp',
  // Travellers (3): the simplest to run.
  'scapegoat',
  'gunslinger',
  'bureaucrat',
];

/** The script as JSON text: the metadata entry, then the ids. */
export const releaseScriptText = (name: string, author: string): string =>
  JSON.stringify([{ id: '_meta', name, author }, ...RELEASE_SCRIPT_IDS]);
