import { useTemplates, type StarterTemplate } from '../../api/library';
import { startDraft } from '../../lib/studioDraft';
import { useT } from '../../lib/i18n';

/**
 * Starter designs per occasion: choosing one makes it this product's studio
 * draft (in the template's colour when the product has it), then opens the
 * studio ready to edit.
 */
export function TemplatePicker({ productId, colors, onOpen }: { productId: string; colors: string[]; onOpen: (color: string | null) => void }) {
  const templates = useTemplates();
  const t = useT();
  const list = templates.data ?? [];
  const occasions = [...new Set(list.map((template) => template.occasion))];

  const open = (template: StarterTemplate) => {
    const design = template.design as { color?: string };
    const color = design.color && colors.includes(design.color) ? design.color : null;
    startDraft(productId, { ...(template.design as object), productId }, null);
    onOpen(color);
  };

  return (
    <details className="option-block template-picker">
      <summary className="option-title">{t('product.templates.title')}</summary>
      {templates.isError && <p className="notice error">{t('product.templates.unavailable')}</p>}
      {occasions.map((occasion) => (
        <div key={occasion} className="stack">
          <h3 className="small-print">{occasion}</h3>
          <ul className="chips" aria-label={t('product.templates.occasion', { occasion })}>
            {list
              .filter((template) => template.occasion === occasion)
              .map((template) => (
                <li key={template.id}>
                  <button type="button" className="chip" onClick={() => open(template)}>
                    {template.name}
                  </button>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </details>
  );
}
