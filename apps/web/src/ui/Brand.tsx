import { useTranslation } from 'react-i18next';
import { BellIcon } from './BellIcon';

export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'brand brand--compact' : 'brand'}>
      <BellIcon className="brand__icon" />
      <span className="brand__name">{t('app.name')}</span>
    </div>
  );
}
