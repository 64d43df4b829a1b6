/**
 * The release notes, one entry per released version, newest first (spec 3 §9 links a release notes
 * page per version; the version bar links this build's). Kept in English like the notes of most
 * projects: the page around them is translated. A release adds its entry here.
 */
export interface ReleaseNotes {
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  notes: readonly string[];
}

export const RELEASE_NOTES: readonly ReleaseNotes[] = [
  {
    version: '0.1.0',
    date: '2026-11-24',
    notes: [
      'Play Blood on the Clocktower online: create a game in the Lobby, share its link, and run it from a digital grimoire as Storyteller while players sit at the table.',
      'Nominations and votes with a vote clock, hands, the timer, pointing, night order and the character sheet.',
      'The official editions and custom scripts, with fabled and bluffs.',
      'Text chat with whispers and night signals, and voice and video through a chat server.',
      'Local play: the grimoire alone in one browser for a game around a real table, which keeps working without a network.',
      'Installable: add Belfry to your desktop or home screen and it opens in a window of its own, with Quit in the version bar.',
      'Accounts with e-mail or phone verification, game records and statistics, and moderation tools for staff.',
    ],
  },
];

export const releaseNotesOf = (version: string): ReleaseNotes | undefined =>
  RELEASE_NOTES.find((release) => release.version === version.replace(/-app$/, ''));
