import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { engineMessage, FACTS, loadEngine, rosterReader, type RosterReader, type Studio } from '../../lib/engine';
import { RosterEditor } from './RosterEditor';
import { RosterSummary } from './RosterSummary';
import { applyRoster, rosterCount, type RosterModel } from './rosterModel';

/** A real engine studio printing a name and a number on the Back. */
async function teamStudio(): Promise<Studio> {
  const engine = await loadEngine();
  const studio = new engine.Studio('64f1a2b3c4d5e6f708190a05', 'white');
  studio.setPersonal('back', 'name', 'Arial', 12, '#000000');
  studio.setPersonal('back', 'number', 'Arial', 45, '#000000');
  return studio;
}

/** The editor over a studio, re-rendered after each change as the studio's handle is. */
function Harness({ studio, reader }: { studio: Studio; reader: RosterReader }) {
  const [, setVersion] = useState(0);
  const model: RosterModel = {
    rows: studio.roster(),
    problems: studio.rosterProblems(),
    setRows: (rows) => {
      try {
        applyRoster(studio, rows, FACTS.sizes);
        return null;
      } catch (e) {
        return engineMessage(e);
      } finally {
        setVersion((v) => v + 1);
      }
    },
  };
  return <RosterEditor model={model} reader={reader} sizes={FACTS.sizes} label="Names and numbers list" />;
}

async function setup() {
  const [studio, reader] = await Promise.all([teamStudio(), rosterReader()]);
  render(<Harness studio={studio} reader={reader} />);
  return studio;
}

const paste = async (text: string) => {
  fireEvent.change(screen.getByLabelText('Paste a list: name, number, size on each line'), { target: { value: text } });
  await userEvent.click(screen.getByRole('button', { name: 'Add these rows' }));
};

describe('RosterEditor', () => {
  it('adds a pasted list through the engine, keeps the bad line marked with its message, and adds it once fixed', async () => {
    const studio = await setup();
    await paste('Name, Number, Size\nsharma, 10, M\nVerylongnamee, 7, L\nrao, 07, xl\n');
    // The good rows are in the design, in capitals, and the quantities follow them.
    expect(studio.roster()).toEqual([
      { size: 'M', name: 'SHARMA', number: '10' },
      { size: 'XL', name: 'RAO', number: '07' },
    ]);
    expect(studio.design().quantities).toEqual({ s: 0, m: 1, l: 0, xl: 1, xxl: 0 });
    expect(screen.getByTestId('roster-counts').textContent).toBe('2 pieces · S 0 · M 1 · L 0 · XL 1 · XXL 0');
    expect(screen.getByTestId('roster-status').textContent).toBe('Added 2 rows; 1 line to fix below.');

    // The bad line: its text, marked invalid, described by the engine's message naming its line.
    const line = screen.getByLabelText('Line 3 as pasted') as HTMLInputElement;
    expect(line.value).toBe('Verylongnamee, 7, L');
    expect(line.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(line.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe('Line 3: a name can be at most 12 letters');

    // Still wrong: a new message for the same line.
    fireEvent.change(line, { target: { value: 'Verylong#, 7, L' } });
    fireEvent.keyDown(line, { key: 'Enter' });
    expect(message.textContent).toBe("Line 3: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '#'");
    // Fixed: it becomes the third row.
    fireEvent.change(line, { target: { value: 'Verma, 7, L' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add line 3' }));
    expect(screen.queryByTestId('roster-pending')).toBeNull();
    expect(studio.roster()[2]).toEqual({ size: 'L', name: 'VERMA', number: '7' });
    expect(studio.totalQuantity()).toBe(3);
    expect(screen.getAllByTestId('roster-row')).toHaveLength(3);
  });

  it("keeps a refused edit typed, with the engine's message beside the row, and removes rows", async () => {
    const studio = await setup();
    await paste('Sharma, 10, M\nIyer, 5, S');
    const name = screen.getByLabelText('Name, row 2') as HTMLInputElement;
    await userEvent.type(name, '3');
    // Refused by the engine: the row in the design is unchanged, the field keeps what was typed, marked.
    expect(studio.roster()[1].name).toBe('IYER');
    expect(name.value).toBe('IYER3');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      "Row 2: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '3'",
    );
    await userEvent.type(name, '{Backspace} K');
    expect(studio.roster()[1].name).toBe('IYER K');
    expect(name.getAttribute('aria-invalid')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Size, row 1'), 'XXL');
    expect(studio.design().quantities.xxl).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(studio.roster()).toEqual([{ size: 'S', name: 'IYER K', number: '5' }]);
    expect(studio.design().quantities).toEqual({ s: 1, m: 0, l: 0, xl: 0, xxl: 0 });
  });

  it("adds a typed row, and marks a row the design's fields need, in the engine's words", async () => {
    const studio = await setup();
    const add = within(screen.getByRole('group', { name: 'Add a row' }));
    await userEvent.type(add.getByLabelText('Number'), '23');
    await userEvent.click(add.getByRole('button', { name: 'Add row' }));
    // A number alone is a row, but this design prints a name on every piece.
    expect(studio.roster()).toEqual([{ size: 'M', number: '23' }]);
    const error = screen.getByTestId('roster-row-error');
    expect(error.textContent).toBe('Row 1: please enter a name: this design prints one on every piece');
    expect(screen.getByLabelText('Name, row 1').getAttribute('aria-describedby')).toBe(error.id);

    await userEvent.type(add.getByLabelText('Name'), '#1');
    await userEvent.click(add.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('alert').textContent).toBe("Row 2: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '#'");
    expect(studio.roster()).toHaveLength(1);
  });

  it('reads a chosen CSV file like a paste', async () => {
    const studio = await setup();
    const file = new File(['name,number,size\n"O\'Brien",07,XL\nSingh,23,L\n'], 'team.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Choose a CSV file'), file);
    await waitFor(() => expect(studio.roster()).toHaveLength(2));
    expect(studio.roster()[0]).toEqual({ size: 'XL', name: "O'BRIEN", number: '07' });
  });
});

describe('RosterSummary', () => {
  it('collapses the roster to its count and opens to every row as it prints', async () => {
    const rows = [
      { size: 'M' as const, name: 'SHARMA', number: '10' },
      { size: 'L' as const, name: 'RAO', number: '7' },
    ];
    render(<RosterSummary rows={rows} />);
    const summary = screen.getByText('2 names and numbers');
    expect(summary.tagName).toBe('SUMMARY');
    await userEvent.click(summary);
    expect(screen.getByTestId('roster-summary').hasAttribute('open')).toBe(true);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SHARMA · 10 (M)', 'RAO · 7 (L)']);
    expect(rosterCount([{ size: 'S', number: '9' }])).toBe('1 number');
    expect(rosterCount([{ size: 'S', name: 'A' }, { size: 'S', name: 'B' }])).toBe('2 names');
    const { container } = render(<RosterSummary rows={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
