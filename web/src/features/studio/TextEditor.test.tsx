import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACTS, loadEngine, type Studio } from '../../lib/engine';
import { forgetPendingText } from './pendingText';
import { TextEditor } from './TextEditor';
import type { DesignDoc, StudioHandle } from './useStudio';
import { garment } from '../../test/testkit';

async function fakeHandle(change: StudioHandle['change'] = () => null): Promise<StudioHandle> {
  // The counter asks the engine how many letters a text holds.
  await loadEngine();
  return {
    studio: {} as Studio,
    design: { productId: '64f1a2b3c4d5e6f708190a05', areas: { leftChest: { text: null, image: null }, back: { text: null, image: null } } } as unknown as DesignDoc,
    version: 0,
    change,
    discardDraft: () => {},
    textReady: true,
    loadFonts: async () => null,
    garment: garment(),
  };
}

const textBox = () => screen.getByLabelText('Text', { selector: 'input' }) as HTMLInputElement;

describe('TextEditor draft', () => {
  it('counts letters as the engine does: a consonant with its vowel sign is one', async () => {
    const handle = await fakeHandle();
    render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'कि'.repeat(50));
    expect(textBox().value).toBe('कि'.repeat(50));
    expect(screen.getByText(`50/${FACTS.maxTextChars}`)).toBeTruthy();
  });

  it('keeps the text being typed across a reload', async () => {
    const handle = await fakeHandle();
    const first = render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'Team Legacy');
    first.unmount();

    // A new page (as after a reload) finds the same text in the box.
    render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    expect(textBox().value).toBe('Team Legacy');
    expect(screen.getByText('11/50')).toBeTruthy();
  });

  it('forgets the typed text once it is added, or when the draft is discarded', async () => {
    const setText = vi.fn();
    const handle = await fakeHandle((fn) => (fn({ setText } as unknown as Studio), null));
    const view = render(<TextEditor handle={handle} area="back" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'Back print');
    await userEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    expect(setText).toHaveBeenCalledWith('back', 'Back print', FACTS.fonts[0], FACTS.fontSizeDefault, FACTS.textColorPresets[0]);
    view.unmount();
    const again = render(<TextEditor handle={handle} area="back" onMessage={() => {}} />);
    expect(textBox().value).toBe('');

    await userEvent.type(textBox(), 'Half typed');
    again.unmount();
    forgetPendingText(handle.design.productId);
    render(<TextEditor handle={handle} area="back" onMessage={() => {}} />);
    expect(textBox().value).toBe('');
  });

  it('lets a text be typed while the text module loads, and added once it has', async () => {
    const setText = vi.fn();
    const loading = { ...(await fakeHandle((fn) => (fn({ setText } as unknown as Studio), null))), textReady: false };
    const view = render(<TextEditor handle={loading} area="leftChest" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'Early{Enter}');
    const button = screen.getByRole('button', { name: 'Loading fonts…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(setText).not.toHaveBeenCalled();

    view.rerender(<TextEditor handle={{ ...loading, textReady: true }} area="leftChest" onMessage={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    expect(setText).toHaveBeenCalledWith('leftChest', 'Early', FACTS.fonts[0], FACTS.fontSizeDefault, FACTS.textColorPresets[0]);
  });
});

describe('TextEffects', () => {
  const withText = (text: Record<string, unknown> | null) =>
    ({ productId: '64f1a2b3c4d5e6f708190a05', areas: { leftChest: { text, image: null }, back: { text: null, image: null } } }) as unknown as DesignDoc;
  const flat = { text: 'TEAM', font: 'Arial', size: 16, color: '#000000', position: { x: 50, y: 50 } };

  it('asks for a text first', async () => {
    const handle = { ...(await fakeHandle()), design: withText(null) };
    render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    expect(screen.getByText('Add a text to curve or outline it.')).toBeTruthy();
    expect(screen.queryByLabelText('Arc')).toBeNull();
  });

  it('arches the text from the keyboard and sends the curve radius to the engine', async () => {
    const setTextArc = vi.fn();
    const messages: string[] = [];
    const handle = { ...(await fakeHandle((fn) => (fn({ setTextArc } as unknown as Studio), null))), design: withText(flat) };
    render(<TextEditor handle={handle} area="leftChest" onMessage={(_, m) => messages.push(m)} />);
    const radius = screen.getByLabelText(/Curve radius/, { selector: 'input[type="range"]' }) as HTMLInputElement;
    expect(radius.disabled).toBe(true);
    screen.getByLabelText('Arc').focus();
    await userEvent.selectOptions(screen.getByLabelText('Arc'), 'Arch up');
    expect(setTextArc).toHaveBeenLastCalledWith('leftChest', 'up', FACTS.arcRadiusDefault);
    expect(messages).toEqual(['Arc updated']);
  });

  it('shows the engine refusing a radius, and sends a typed one only when the box is left', async () => {
    const refusal = 'This text is too long for that arc: use a radius of at least 27 so it bends at most a half circle';
    const setTextArc = vi.fn();
    const change: StudioHandle['change'] = (fn) => {
      fn({ setTextArc } as unknown as Studio);
      return (setTextArc.mock.lastCall?.[2] ?? 0) < 27 ? refusal : null;
    };
    const handle = { ...(await fakeHandle(change)), design: withText({ ...flat, arc: { direction: 'down', radius: 40 } }) };
    render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    expect((screen.getByLabelText('Arc') as HTMLSelectElement).value).toBe('down');
    const box = screen.getByLabelText(/Curve radius/, { selector: 'input[type="number"]' }) as HTMLInputElement;
    expect(box.value).toBe('40');
    await userEvent.clear(box);
    await userEvent.type(box, '12');
    expect(setTextArc).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(setTextArc).toHaveBeenCalledWith('leftChest', 'down', 12);
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(box.value).toBe('40');

    // A radius the engine takes clears the message.
    await userEvent.clear(box);
    await userEvent.type(box, '30{Enter}');
    expect(setTextArc).toHaveBeenLastCalledWith('leftChest', 'down', 30);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('outlines the text: a width, 0 for none, and a colour', async () => {
    const setTextOutline = vi.fn();
    const handle = { ...(await fakeHandle((fn) => (fn({ setTextOutline } as unknown as Studio), null))), design: withText(flat) };
    const view = render(<TextEditor handle={handle} area="leftChest" onMessage={() => {}} />);
    const width = screen.getByLabelText(/Outline width/) as HTMLInputElement;
    expect(width.value).toBe('0');
    // A colour alone changes nothing while there is no outline.
    const colours = screen.getByRole('radiogroup', { name: 'Outline colour' });
    await userEvent.click(within(colours).getByRole('radio', { name: '#EF4444' }));
    expect(setTextOutline).not.toHaveBeenCalled();
    await userEvent.clear(width);
    await userEvent.type(width, '6{Enter}');
    expect(setTextOutline).toHaveBeenLastCalledWith('leftChest', 6, '#EF4444');

    // With an outline, the colour applies at once; 0 removes it.
    view.rerender(<TextEditor handle={{ ...handle, design: withText({ ...flat, outline: { width: 6, color: '#ef4444' } }) }} area="leftChest" onMessage={() => {}} />);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Outline colour' })).getByRole('radio', { name: '#FFFFFF' }));
    expect(setTextOutline).toHaveBeenLastCalledWith('leftChest', 6, '#FFFFFF');
    const box = screen.getByLabelText(/Outline width/) as HTMLInputElement;
    await userEvent.clear(box);
    await userEvent.type(box, '0');
    await userEvent.tab();
    expect(setTextOutline).toHaveBeenLastCalledWith('leftChest', 0, '#EF4444');
  });
});
