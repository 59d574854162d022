import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_STEPS, loadHistory, record, redo, saveHistory, startHistory, undo } from './history';

const steps = (n: number) => Array.from({ length: n }, (_, i) => `doc${i + 1}`).reduce((h, d) => record(h, d), startHistory('doc0'));

describe('undo history', () => {
  it('undoes and redoes whole documents in order', () => {
    let h = steps(3);
    expect(h.present).toBe('doc3');
    expect(canRedo(h)).toBe(false);
    h = undo(undo(h));
    expect(h.present).toBe('doc1');
    h = redo(h);
    expect(h.present).toBe('doc2');
    expect(canUndo(h) && canRedo(h)).toBe(true);
    // A new change drops what could be redone.
    h = record(h, 'other');
    expect(h).toMatchObject({ present: 'other', future: [] });
    expect(undo(h).present).toBe('doc2');
  });

  it('does nothing at either end', () => {
    const h = startHistory('doc0');
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('keeps a hundred steps and forgets older ones', () => {
    let h = steps(HISTORY_STEPS + 20);
    expect(h.past).toHaveLength(HISTORY_STEPS);
    for (let i = 0; i < HISTORY_STEPS; i++) h = undo(h);
    expect(h.present).toBe('doc20');
    expect(canUndo(h)).toBe(false);
  });

  it('counts an unchanged document as no step', () => {
    const h = steps(2);
    expect(record(h, 'doc2')).toBe(h);
  });

  it('makes one step of one gesture, and a new step of the next', () => {
    let h = startHistory('a');
    for (const d of ['w10', 'w20', 'w30']) h = record(h, d, 'slider#1');
    expect(h.past).toEqual(['a']);
    expect(h.present).toBe('w30');
    h = record(h, 'w40', 'slider#2');
    expect(h.past).toEqual(['a', 'w30']);
    // After an undo the gesture is over: the next change is its own step.
    h = record(undo(h), 'w35', 'slider#2');
    expect(h.past).toEqual(['a', 'w30']);
  });

  it('survives saving and loading, bounded in size', () => {
    const h = undo(undo(steps(10)));
    const back = loadHistory(saveHistory(h), 'doc8');
    expect(back).toEqual({ past: h.past, present: 'doc8', future: ['doc9', 'doc10'] });
    // 45 characters in all: the oldest steps go first, then the furthest redo.
    expect(JSON.parse(saveHistory(h, 30))).toEqual({ past: ['doc4', 'doc5', 'doc6', 'doc7'], present: 'doc8', future: ['doc9', 'doc10'] });
    expect(JSON.parse(saveHistory(h, 10))).toEqual({ past: [], present: 'doc8', future: ['doc9'] });
  });

  it('starts afresh when the saved history leads elsewhere or is damaged', () => {
    const saved = saveHistory(steps(3));
    expect(loadHistory(saved, 'doc9')).toEqual(startHistory('doc9'));
    expect(loadHistory('{not json', 'doc0')).toEqual(startHistory('doc0'));
    expect(loadHistory(JSON.stringify({ past: [1], present: 'doc0', future: [] }), 'doc0')).toEqual(startHistory('doc0'));
    expect(loadHistory(null, 'doc0')).toEqual(startHistory('doc0'));
  });
});
