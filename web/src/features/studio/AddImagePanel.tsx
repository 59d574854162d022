import { useState } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import type { AreaKey } from '../../lib/engine';
import { ClipartPicker } from './ClipartPicker';
import { ImageUpload } from './ImageUpload';
import { QrCodeForm } from './QrCodeForm';
import type { StudioHandle } from './useStudio';

type Source = 'upload' | 'clipart' | 'qr';

/** The area's image: an upload, a clip-art of the library, or a QR code. */
export function AddImagePanel({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [source, setSource] = useState<Source>('upload');
  return (
    <section className="panel" aria-labelledby="image-heading">
      <h2 id="image-heading">Add Image</h2>
      <RadioGroup<Source>
        label="Image source"
        optionClass="btn small"
        options={[
          { value: 'upload', label: 'Upload' },
          { value: 'clipart', label: 'Clip-art' },
          { value: 'qr', label: 'QR code' },
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
