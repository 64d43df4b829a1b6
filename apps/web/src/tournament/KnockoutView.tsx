import type { TournamentAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { MatchCard } from './MatchCard';
import { knockoutRounds } from './tournamentRules';

/** Spec 3 §2 knockout page: quarter finals (38–41), semi finals (42–43) and the final (44 on). */
export function KnockoutView({ answer, now }: { answer: TournamentAnswer; now: number }) {
  const { t } = useTranslation();
  return (
    <section
      className="tournament__section"
      aria-labelledby="tournament-knockout-title"
      data-testid="tournament-knockout"
    >
      <h2 id="tournament-knockout-title" className="tournament__heading">
        {t('tournament.knockout')}
      </h2>
      <div className="tournament__rounds">
        {knockoutRounds(answer.playoffs).map((round) => (
          <section key={round.stage} className="tournament__round" data-testid={`tournament-round-${round.stage}`}>
            <h3 className="tournament__round-title">{t(`tournament.round.${round.stage}`)}</h3>
            {round.matches.length === 0 ? (
              <p className="tournament__empty muted">{t('tournament.round_empty')}</p>
            ) : (
              <ol className="tournament__matches">
                {round.matches.map((match) => (
                  <MatchCard key={match.index} answer={answer} match={match} now={now} />
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
