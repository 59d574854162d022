import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { engineMessage, FACTS, loadEngine, type Studio } from '../../lib/engine';
import { NamesNumbersPanel } from './NamesNumbersPanel';
import { previewRow, RowPreviewBar, SAMPLE_ROW } from './RowPreviewBar';
import { RowList } from './RowList';
import type { StudioHandle } from './useStudio';
import { garment } from '../../test/testkit';

/** The panel over a real engine studio, re-rendered after each change as useStudio does. */
function Harness({ studio, onPreview }: { studio: Studio; onPreview?: (i: number) => void }) {
  const [version, setVersion] = useState(0);
  const [preview, setPreview] = useState(0);
  const handle: StudioHandle = {
    studio,
    design: studio.design(),
    version,
    change: (fn) => {
      try {
        fn(studio);
        return null;
      } catch (e) {
        return engineMessage(e);
      } finally {
        setVersion((v) => v + 1);
      }
    },
    discardDraft: () => {},
    textReady: true,
    loadFonts: async () => null,
    garment: garment(),
  };
  return <NamesNumbersPanel handle={handle} area="back" preview={preview} onPreview={(i) => (setPreview(i), onPreview?.(i))} onMessage={() => {}} />;
}

async function newStudio() {
  return new (await loadEngine()).Studio('64f1a2b3c4d5e6f708190a05', 'white');
}

describe('NamesNumbersPanel', () => {
  it('turns a name and a number on the area on and off, with their font, colour and height', async () => {
    const studio = await newStudio();
    render(<Harness studio={studio} />);
    // No list until the design prints a name or a number.
    expect(screen.queryByRole('group', { name: 'Names and numbers list' })).toBeNull();
    await userEvent.click(screen.getByLabelText('Print a name on the Back'));
    expect(studio.design().areas.back.name).toMatchObject({ font: FACTS.fonts[0], height: FACTS.nameHeightDefault });
    expect(screen.getByRole('group', { name: 'Names and numbers list' })).toBeTruthy();
    // The engine says what is missing: no list yet.
    expect(screen.getByTestId('roster-problems').textContent).not.toBe('');

    await userEvent.click(screen.getByLabelText('Print a number on the Back'));
    await userEvent.selectOptions(screen.getByLabelText('Number font'), 'Verdana');
    fireEvent.change(screen.getByLabelText(/^Number height/), { target: { value: '60' } });
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Number colour' })).getByRole('radio', { name: FACTS.textColorPresets[2] }));
    expect(studio.design().areas.back.number).toMatchObject({ font: 'Verdana', height: 60, color: FACTS.textColorPresets[2].toLowerCase() });
    expect(screen.getByText('Number height: 60% of the print area')).toBeTruthy();
    // Its place: the engine's default under the name, moved down.
    expect(studio.design().areas.back.number?.position).toEqual({ x: 50, y: 52 });
    fireEvent.change(screen.getByLabelText(/^Number down/), { target: { value: '70' } });
    expect(studio.design().areas.back.number?.position).toEqual({ x: 50, y: 70 });
    expect(screen.getByLabelText('Number down: 70%')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Print a name on the Back'));
    expect(studio.design().areas.back.name).toBeFalsy();
    expect(studio.design().areas.back.number).toBeTruthy();
  });

  it('lists every row as it prints for the spell-check and picks the previewed row with the keys', async () => {
    const studio = await newStudio();
    studio.setPersonal('back', 'name', 'Arial', 12, '#000000');
    const onPreview = vi.fn();
    render(<Harness studio={studio} onPreview={onPreview} />);
    fireEvent.change(screen.getByLabelText('Paste a list: name, number, size on each line'), { target: { value: 'sharma,,M\nrao,,L\nIyer,,S' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add these rows' }));
    const list = screen.getByRole('listbox', { name: 'Spell-check' });
    const options = () => within(list).getAllByRole('option');
    expect(options().map((o) => o.textContent)).toEqual(['1. SHARMA M', '2. RAO L', '3. IYER S']);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    list.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(onPreview).toHaveBeenLastCalledWith(1);
    await waitFor(() => expect(list.getAttribute('aria-activedescendant')).toBe(options()[1].id));
    await userEvent.keyboard('{End}');
    expect(onPreview).toHaveBeenLastCalledWith(2);
    await userEvent.click(options()[0]);
    expect(onPreview).toHaveBeenLastCalledWith(0);
    // The design's quantities are the list's sizes.
    expect(studio.design().quantities).toEqual({ s: 1, m: 1, l: 1, xl: 0, xxl: 0 });
  });
});

describe('the previewed row', () => {
  it('is the chosen row, the last one when the list got shorter, and a sample for an empty list', async () => {
    const rows = [
      { size: 'M' as const, name: 'SHARMA', number: '10' },
      { size: 'L' as const, name: 'RAO', number: '7' },
    ];
    expect(previewRow(rows, 1)).toBe(rows[1]);
    expect(previewRow(rows, 5)).toBe(rows[1]);
    expect(previewRow([], 0)).toBe(SAMPLE_ROW);
    const onSelect = vi.fn();
    render(<RowPreviewBar rows={rows} index={0} onSelect={onSelect} />);
    expect(screen.getByTestId('row-preview').textContent).toContain('Row 1 of 2: SHARMA · 10');
    expect((screen.getByRole('button', { name: 'Preview the previous row' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Preview the next row' }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('shows nothing to pick without rows', () => {
    const { container } = render(<RowList rows={[]} selected={0} onSelect={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
