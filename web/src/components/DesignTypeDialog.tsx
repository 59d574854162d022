import { FACTS } from '../lib/engine';
import { Dialog } from './Dialog';
import { useT } from '../lib/i18n';

export function DesignTypeDialog({ onChoose, onCancel }: { onChoose: (withLogo: boolean) => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('designType.title')} onClose={onCancel}>
      <p className="muted">{t('designType.note', { fee: FACTS.designFeePerExtraElement / 100 })}</p>
      <div className="stack">
        <button className="btn" onClick={() => onChoose(true)}>
          {t('designType.withLogo')}
        </button>
        <button className="btn ghost" onClick={() => onChoose(false)}>
          {t('designType.plain')}
        </button>
        <button className="btn ghost" onClick={onCancel}>
          {t('designType.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
