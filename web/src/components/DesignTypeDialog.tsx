import { FACTS } from '../lib/engine';
import { Dialog } from './Dialog';

export function DesignTypeDialog({ onChoose, onCancel }: { onChoose: (withLogo: boolean) => void; onCancel: () => void }) {
  return (
    <Dialog title="Choose Design Type" onClose={onCancel}>
      <p className="muted">The first logo or text element is free; each additional element costs ₹{FACTS.designFeePerExtraElement / 100}.</p>
      <div className="stack">
        <button className="btn" onClick={() => onChoose(true)}>
          With Logo/Design
        </button>
        <button className="btn ghost" onClick={() => onChoose(false)}>
          Plain Design
        </button>
        <button className="btn ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
