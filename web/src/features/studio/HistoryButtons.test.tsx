import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { HistoryButtons } from './HistoryButtons';

function controls(canUndo = true, canRedo = true) {
  return { undo: vi.fn(async () => {}), redo: vi.fn(async () => {}), canUndo, canRedo };
}

describe('HistoryButtons', () => {
  it('offers undo and redo only when there is something to undo or redo', () => {
    render(<HistoryButtons history={controls(false, true)} />);
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('undoes with Ctrl/Cmd+Z and redoes with Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    const h = controls();
    render(<HistoryButtons history={h} />);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(h.undo).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true, shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(h.redo).toHaveBeenCalledTimes(3);
    // Plain keys and Alt combinations are not shortcuts.
    fireEvent.keyDown(document.body, { key: 'z' });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, altKey: true });
    expect(h.undo).toHaveBeenCalledTimes(2);
  });

  it("leaves Ctrl+Z to a text field's own undo, but not to a slider", () => {
    const h = controls();
    render(
      <>
        <input aria-label="Text" />
        <textarea aria-label="Note" />
        <input type="range" aria-label="Width" />
        <HistoryButtons history={h} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('Text'), { key: 'z', ctrlKey: true });
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'y', ctrlKey: true });
    expect(h.undo).not.toHaveBeenCalled();
    expect(h.redo).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('Width'), { key: 'z', ctrlKey: true });
    expect(h.undo).toHaveBeenCalledTimes(1);
  });
});
