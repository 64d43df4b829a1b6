/** The public face of records/: game records, their page, the user's games and statistics (issue 18). */
export { GamesList, OwnStats } from './GamesList';
export { RecordLink } from './RecordLink';
export { RecordScreen } from './RecordScreen';
