import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACTS, type Studio } from '../../lib/engine';
import { forgetPendingText } from './pendingText';
import { TextEditor } from './TextEditor';
import type { DesignDoc, StudioHandle } from './useStudio';

async function fakeHandle(change: StudioHandle['change'] = () => null): Promise<StudioHandle> {
  return {
    studio: {} as Studio,
    design: { productId: '64f1a2b3c4d5e6f708190a05' } as DesignDoc,
    version: 0,
    change,
    discardDraft: () => {},
    textReady: true,
  };
}

const textBox = () => screen.getByLabelText('Text', { selector: 'input' }) as HTMLInputElement;

describe('TextEditor draft', () => {
  it('keeps the text being typed across a reload', async () => {
    const handle = await fakeHandle();
    const first = render(<TextEditor handle={handle} area="left_chest" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'Team Legacy');
    first.unmount();

    // A new page (as after a reload) finds the same text in the box.
    render(<TextEditor handle={handle} area="left_chest" onMessage={() => {}} />);
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
    const view = render(<TextEditor handle={loading} area="left_chest" onMessage={() => {}} />);
    await userEvent.type(textBox(), 'Early{Enter}');
    const button = screen.getByRole('button', { name: 'Loading fonts…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(setText).not.toHaveBeenCalled();

    view.rerender(<TextEditor handle={{ ...loading, textReady: true }} area="left_chest" onMessage={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    expect(setText).toHaveBeenCalledWith('left_chest', 'Early', FACTS.fonts[0], FACTS.fontSizeDefault, FACTS.textColorPresets[0]);
  });
});
