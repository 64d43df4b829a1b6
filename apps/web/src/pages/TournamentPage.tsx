import { useParams } from 'react-router';
import { TournamentScreen, type TournamentView } from '../tournament';

/** Spec 3 §2 the tournament's routes: `/worldcup`, its group and knockout aliases, the leaderboard, a match. */
export function TournamentPage({ view }: { view: TournamentView }) {
  const { match } = useParams();
  return <TournamentScreen view={view} matchParam={match} />;
}
