import { FACTS } from '../lib/engine';
import { Dialog } from './Dialog';
import { useT } from '../lib/i18n';

export function DesignTypeDialog({ onChoose, onCancel }: { onChoose: (withLogo: boolean) => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('studio.chooseDesignType')} onClose={onCancel}>
      <p className="muted">{t('studio.designTypeFee', { fee: String(FACTS.designFeePerExtraElement / 100) })}</p>
      <div className="stack">
        <button className="btn" onClick={() => onChoose(true)}>
          {t('studio.withLogo')}
        </button>
        <button className="btn ghost" onClick={() => onChoose(false)}>
          {t('studio.plainDesign')}
        </button>
        <button className="btn ghost" onClick={onCancel}>
          {t('studio.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
