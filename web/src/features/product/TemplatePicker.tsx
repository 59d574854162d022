import { useTemplates, type StarterTemplate } from '../../api/library';
import { startDraft } from '../../lib/studioDraft';

/**
 * Starter designs per occasion: choosing one makes it this product's studio
 * draft (in the template's colour when the product has it), then opens the
 * studio ready to edit.
 */
export function TemplatePicker({ productId, colors, onOpen }: { productId: string; colors: string[]; onOpen: (color: string | null) => void }) {
  const templates = useTemplates();
  const list = templates.data ?? [];
  const occasions = [...new Set(list.map((t) => t.occasion))];

  const open = (t: StarterTemplate) => {
    const design = t.design as { color?: string };
    const color = design.color && colors.includes(design.color) ? design.color : null;
    startDraft(productId, { ...(t.design as object), productId }, null);
    onOpen(color);
  };

  return (
    <details className="option-block template-picker">
      <summary className="option-title">Start from a template</summary>
      {templates.isError && <p className="notice error">Templates are not available right now.</p>}
      {occasions.map((occasion) => (
        <div key={occasion} className="stack">
          <h3 className="small-print">{occasion}</h3>
          <ul className="chips" aria-label={`${occasion} templates`}>
            {list
              .filter((t) => t.occasion === occasion)
              .map((t) => (
                <li key={t.id}>
                  <button type="button" className="chip" onClick={() => open(t)}>
                    {t.name}
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </details>
  );
}
