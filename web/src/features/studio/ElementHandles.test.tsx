import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Studio } from '../../lib/engine';
import { ElementHandles } from './ElementHandles';
import type { DesignDoc, StudioHandle } from './useStudio';
import { garment } from '../../test/testkit';

const design = {
  color: 'white',
  areas: {
    leftChest: { text: { text: 'Team Legacy', font: 'Georgia', size: 16, color: '#000000', position: { x: 50, y: 40 } }, image: null },
    back: { text: null, image: null },
  },
} as unknown as DesignDoc;

function setup(error: string | null = null) {
  const studio = {
    elementBoxes: () => [{ kind: 'text', x: 500, y: 250, width: 300, height: 80 }],
    moveElement: vi.fn(),
    setText: vi.fn(),
    remove: vi.fn(),
    design: () => design,
  };
  const handle: StudioHandle = {
    studio: studio as unknown as Studio,
    design,
    version: 0,
    change: (fn) => (fn(studio as unknown as Studio), error),
    discardDraft: () => {},
    textReady: true,
    loadFonts: async () => null,
    garment: garment(),
  };
  render(<ElementHandles handle={handle} area="leftChest" />);
  return studio;
}

describe('ElementHandles', () => {
  it('moves the focused element 1% per arrow, 10% with Shift, resizes and removes it through the engine', async () => {
    const studio = setup();
    const text = screen.getByRole('button', { name: /^Text on Left Chest: text “Team Legacy” in Georgia size 16/ });
    text.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowUp}{Shift>}{ArrowLeft}{ArrowDown}{/Shift}');
    expect(studio.moveElement.mock.calls).toEqual([
      ['leftChest', 'text', 51, 40],
      ['leftChest', 'text', 50, 39],
      ['leftChest', 'text', 40, 40],
      ['leftChest', 'text', 50, 50],
    ]);
    // What the engine made of it is announced.
    expect(screen.getByText(/^Text “Team Legacy” .* centred 50% across, 40% down$/)).toBeTruthy();

    await userEvent.keyboard('+-');
    expect(studio.setText.mock.calls).toEqual([
      ['leftChest', 'Team Legacy', 'Georgia', 17, '#000000'],
      ['leftChest', 'Team Legacy', 'Georgia', 15, '#000000'],
    ]);
    await userEvent.keyboard('{Delete}');
    expect(studio.remove).toHaveBeenCalledWith('leftChest', 'text');
    expect(screen.getByText('Text removed from Left Chest')).toBeTruthy();
  });

  it('announces the engine’s refusal', async () => {
    setup('Font size must be between 8 and 72');
    screen.getByRole('button', { name: /^Text on Left Chest/ }).focus();
    await userEvent.keyboard('+');
    expect(screen.getByText('Font size must be between 8 and 72')).toBeTruthy();
  });
});
