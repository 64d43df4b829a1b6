import { z } from 'zod';

/**
 * The community script tournament (spec 3 §2–§9, issue 21): the file an administrator imports
 * (`POST /backend/moderator/tournament`, published as JSON Schema at `/tournament-schema.json`), the
 * vote body, and what `GET /backend/tournament` answers. Times are milliseconds since 1970 (UTC).
 * Scripts, channels and matches are named by their index: a script's and a channel's is its position
 * in its list, a match's is its `index` field.
 */

/** Spec 3 §9: group matches are numbered below 38, knockout matches from 38. */
export const KNOCKOUT_FROM = 38;
/** Spec 3 §4: 38–41 quarter finals, 42–43 semi finals, 44 and above the final. */
export const SEMI_FINAL_FROM = 42;
export const FINAL_FROM = 44;
/** The highest match index a file may use. */
export const MAX_MATCH_INDEX = 99;
/** Spec 3 §9: the group page shows 6 matches a page. */
export const MATCHES_PER_PAGE = 6;
/** Spec 3 §4: the top two of each group advance. */
export const ADVANCING_PER_GROUP = 2;
/** The points a match hands out, split by vote share (apps/server/src/tournament/README.md). */
export const POINTS_PER_MATCH = 3;

export const MAX_TOURNAMENT_SCRIPTS = 64;
export const MAX_TOURNAMENT_CHANNELS = 20;
/** A script lists at most this many characters (spec 3 §9: a custom script has at most 150). */
export const MAX_TOURNAMENT_CHARACTERS = 150;
/** The longest vote period: 30 days. */
export const MAX_VOTE_PERIOD_MS = 30 * 86_400_000;

const time = z.number().int().nonnegative().describe('ms since 1970-01-01 UTC');
const webUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/\S+$/, 'Expected an http or https address.');
/** An asset: a file name on the release host, or a full address; null when the script has none. */
const asset = z
  .string()
  .max(500)
  .regex(/^(https?:\/\/\S+|[A-Za-z0-9][A-Za-z0-9._/-]*)$/, 'Expected a file name or an http or https address.')
  .nullable()
  .default(null);
const text = (max: number) => z.string().max(max);
const index = (max: number) => z.number().int().min(0).max(max);

export const tournamentScriptSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Expected 1 to 64 of a–z, 0–9, _ and -, starting with a letter or digit.'),
    name: text(100).min(1),
    group: z
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/, 'Expected 1 to 8 letters or digits.')
      .describe('the group of the group stage, e.g. "A"'),
    rule: text(500).default('').describe('a special rule of the script, if any'),
    description: text(2000).default(''),
    author: text(100).default(''),
    url: webUrl.nullable().default(null),
    characters: z
      .array(z.string().regex(/^[a-z0-9_]{1,64}$/, 'Expected a character id.'))
      .min(1)
      .max(MAX_TOURNAMENT_CHARACTERS)
      .describe("character ids of Belfry's catalogue"),
    assets: z
      .object({ logo: asset, logoClean: asset, script: asset, pdf: asset })
      .strict()
      .default({ logo: null, logoClean: null, script: null, pdf: null })
      .describe('logo.webp, logo-clean.webp, script.json and script.pdf on the release host'),
  })
  .strict();

export const tournamentMatchSchema = z
  .object({
    index: index(MAX_MATCH_INDEX),
    time: time.describe('start of the match: the vote opens then, for the vote period'),
    scripts: z.tuple([index(MAX_TOURNAMENT_SCRIPTS - 1), index(MAX_TOURNAMENT_SCRIPTS - 1)]),
    channel: index(MAX_TOURNAMENT_CHANNELS - 1)
      .nullable()
      .default(null),
    link: webUrl.nullable().default(null).describe('where the match is played or recorded'),
  })
  .strict();

export const tournamentChannelSchema = z
  .object({
    name: text(100).min(1),
    logo: asset,
    url: webUrl,
  })
  .strict();

/** The file an administrator imports. */
export const tournamentSchema = z
  .object({
    name: text(100).min(1),
    votePeriod: z.number().int().min(1000).max(MAX_VOTE_PERIOD_MS).describe('ms a vote stays open after a start'),
    pathSwap: time
      .nullable()
      .default(null)
      .describe('from then on /worldcup is the knockout page; null: the start of the first knockout match'),
    scripts: z.array(tournamentScriptSchema).min(2).max(MAX_TOURNAMENT_SCRIPTS),
    matches: z.array(tournamentMatchSchema).max(KNOCKOUT_FROM).describe('group matches, index below 38'),
    playoffs: z
      .array(tournamentMatchSchema)
      .max(MAX_MATCH_INDEX + 1 - KNOCKOUT_FROM)
      .default([])
      .describe('knockout matches, index 38 or more'),
    channels: z.array(tournamentChannelSchema).max(MAX_TOURNAMENT_CHANNELS).default([]),
  })
  .strict()
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    file.scripts.forEach((script, i) => {
      if (ids.has(script.id))
        ctx.addIssue({ code: 'custom', path: ['scripts', i, 'id'], message: 'This script id is used twice.' });
      ids.add(script.id);
    });
    const seen = new Set<number>();
    const check = (list: 'matches' | 'playoffs') =>
      file[list].forEach((match, i) => {
        const at = [list, i];
        if (list === 'matches' && match.index >= KNOCKOUT_FROM)
          ctx.addIssue({ code: 'custom', path: [...at, 'index'], message: 'A group match has an index below 38.' });
        if (list === 'playoffs' && match.index < KNOCKOUT_FROM)
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'index'],
            message: 'A knockout match has an index of 38 or more.',
          });
        if (seen.has(match.index))
          ctx.addIssue({ code: 'custom', path: [...at, 'index'], message: 'This match index is used twice.' });
        seen.add(match.index);
        match.scripts.forEach((script, side) => {
          if (script >= file.scripts.length)
            ctx.addIssue({ code: 'custom', path: [...at, 'scripts', side], message: 'No script has this index.' });
        });
        if (match.scripts[0] === match.scripts[1])
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'scripts'],
            message: 'A match is between two different scripts.',
          });
        if (match.channel !== null && match.channel >= file.channels.length)
          ctx.addIssue({ code: 'custom', path: [...at, 'channel'], message: 'No channel has this index.' });
      });
    check('matches');
    check('playoffs');
  });

/** The file as written (defaults may be left out). */
export type TournamentFile = z.input<typeof tournamentSchema>;
/** The file as checked, defaults filled in: what the server stores. */
export type Tournament = z.output<typeof tournamentSchema>;
export type TournamentScript = Tournament['scripts'][number];
export type TournamentMatch = Tournament['matches'][number];
export type TournamentChannel = Tournament['channels'][number];

/** The JSON Schema of the import file. */
export const tournamentJsonSchema = (): unknown =>
  z.toJSONSchema(tournamentSchema, { unrepresentable: 'any', target: 'draft-2020-12', io: 'input' });

/** `POST /backend/vote`: a script index of that match, or null to clear (choosing the chosen one clears too). */
export const voteBody = z
  .object({
    match: z.number().int().min(0).max(MAX_MATCH_INDEX),
    choice: z
      .number()
      .int()
      .min(0)
      .max(MAX_TOURNAMENT_SCRIPTS - 1)
      .nullable(),
  })
  .strict();
export type VoteBody = z.infer<typeof voteBody>;

export type MatchState = 'upcoming' | 'active' | 'locked';
export type MatchStage = 'group' | 'quarter' | 'semi' | 'final';
/** Which page `/worldcup` is: the group page before the path swap, the knockout page after. */
export type TournamentPage = 'group' | 'knockout';

export interface MatchAnswer extends TournamentMatch {
  stage: MatchStage;
  state: MatchState;
  /** When the vote closes (time + votePeriod). */
  lockAt: number;
  /** ms until the vote closes while active; 0 otherwise. */
  voteRemaining: number;
  /** Once locked and counted: the points of each side (from the vote share), else null. */
  results: [number, number] | null;
  /** Once locked and counted: the votes of each side, else null (never shown while voting runs). */
  tally: [number, number] | null;
  /** Where going back from this match's page leads (spec 3 §4: an index above 23 leads to knockout). */
  back: TournamentPage;
  /** Whether the caller has a vote on this match (false for anonymous visitors). */
  voted: boolean;
}

export interface ScriptAnswer extends TournamentScript {
  index: number;
  /** Points from the counted group matches. */
  points: number;
  /** Counted group matches played. */
  matches: number;
}

export interface StandingRow {
  script: number;
  points: number;
  matches: number;
  /** Votes received in counted group matches (the tie-break after points). */
  votes: number;
  /** Among the top two of the group. */
  advances: boolean;
}

export interface TournamentAnswer {
  name: string;
  votePeriod: number;
  pathSwap: number | null;
  /** What /worldcup shows now. */
  page: TournamentPage;
  serverTime: number;
  scripts: ScriptAnswer[];
  matches: MatchAnswer[];
  playoffs: MatchAnswer[];
  channels: TournamentChannel[];
  /** Per group, in the order the groups first appear among the scripts; best first. */
  standings: { group: string; rows: StandingRow[] }[];
  /** The caller's votes: match index → chosen script index (empty for anonymous visitors). */
  votes: Record<string, number>;
}

export interface VoteAnswer {
  success: true;
  match: number;
  /** The caller's vote on the match after this call (null: none). */
  choice: number | null;
}
