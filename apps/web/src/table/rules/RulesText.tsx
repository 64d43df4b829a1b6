import { useTranslation } from 'react-i18next';

export type RulesAudience = 'player' | 'storyteller';

interface RulesSection {
  title: string;
  text: string;
}

/** Belfry's own summary of the rules (i18n `rules.*`), for players or for the Storyteller. */
export function RulesText({ audience }: { audience: RulesAudience }) {
  const { t } = useTranslation();
  const sections = t(`rules.${audience}.sections`, { returnObjects: true }) as unknown;
  const list = Array.isArray(sections) ? (sections as RulesSection[]) : [];
  return (
    <div className="rules-text" data-testid={`rules-${audience}`}>
      <p className="rules-text__intro">{t(`rules.${audience}.intro`)}</p>
      {list.map((section) => (
        <section key={section.title} className="rules-text__section">
          <h3>{section.title}</h3>
          <p>{section.text}</p>
        </section>
      ))}
      <p className="rules-text__note">{t('rules.unofficial')}</p>
    </div>
  );
}
