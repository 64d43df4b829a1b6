/** The script tournament (issue 21): its pages, composed by `pages/TournamentPage`. */
export { TournamentScreen, type TournamentView } from './TournamentScreen';
