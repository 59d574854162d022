import { useState } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import type { AreaKey } from '../../lib/engine';
import { ClipartPicker } from './ClipartPicker';
import { ImageUpload } from './ImageUpload';
import { QrCodeForm } from './QrCodeForm';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

type Source = 'upload' | 'clipart' | 'qr';

/** The area's image: an upload, a clip-art of the library, or a QR code. */
export function AddImagePanel({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [source, setSource] = useState<Source>('upload');
  const t = useT();
  return (
    <section className="panel" aria-labelledby="image-heading">
      <h2 id="image-heading">{t('studio.addImageHeading')}</h2>
      <RadioGroup<Source>
        label={t('studio.imageSource')}
        optionClass="btn small"
        options={[
          { value: 'upload', label: t('studio.sourceUpload') },
          { value: 'clipart', label: t('studio.sourceClipart') },
          { value: 'qr', label: t('studio.sourceQr') },
        ]}
        value={source}
        onChange={setSource}
      />
      {source === 'upload' && <ImageUpload handle={handle} area={area} onMessage={onMessage} />}
      {source === 'clipart' && <ClipartPicker handle={handle} area={area} onMessage={onMessage} />}
      {source === 'qr' && <QrCodeForm handle={handle} area={area} onMessage={onMessage} />}
    </section>
  );
}
