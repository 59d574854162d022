// The names-and-numbers editor in Hindi: its labels and the engine's refusals of a pasted line and of a typed row
// read Hindi, the refusals with their figures.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACTS, loadEngine, rosterReader, type RosterReader, type Studio } from '../../lib/engine';
import { engineError } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';
import { inHindi, mockApi, renderAt } from '../../test/testkit';
import { RosterEditor } from './RosterEditor';
import { applyRoster, type RosterModel } from './rosterModel';

function Harness({ studio, reader }: { studio: Studio; reader: RosterReader }) {
  const [, setVersion] = useState(0);
  const t = useT();
  const model: RosterModel = {
    rows: studio.roster(),
    problems: studio.rosterProblems(),
    setRows: (rows) => {
      try {
        applyRoster(studio, rows, FACTS.sizes);
        return null;
      } catch (e) {
        return engineError(t, e);
      } finally {
        setVersion((v) => v + 1);
      }
    },
  };
  return <RosterEditor model={model} reader={reader} sizes={FACTS.sizes} label="सूची" />;
}

describe('the names and numbers editor in Hindi', () => {
  it("labels its fields and says the engine's refusals in Hindi", async () => {
    await inHindi();
    mockApi(() => undefined);
    const engine = await loadEngine();
    const studio = new engine.Studio('64f1a2b3c4d5e6f708190a05', 'white');
    studio.setPersonal('back', 'name', 'Arial', 12, '#000000');
    studio.setPersonal('back', 'number', 'Arial', 45, '#000000');
    renderAt('/', <Harness studio={studio} reader={await rosterReader()} />);

    fireEvent.change(screen.getByLabelText('सूची पेस्ट करें: हर लाइन में नाम, नंबर, साइज़'), { target: { value: 'SHARMA, 10, M\nRAO, 7, Q' } });
    await userEvent.click(screen.getByRole('button', { name: 'ये पंक्तियाँ जोड़ें' }));
    expect(screen.getByTestId('roster-status').textContent).toBe('1 पंक्ति जोड़ी गई; नीचे 1 लाइन ठीक करनी है।');
    expect(screen.getByTestId('roster-line-error').textContent).toMatch(/^पंक्ति 2: "Q" कोई साइज़ नहीं है: .+ में से चुनें$/);
    expect(screen.getByTestId('roster-counts').textContent).toBe('1 पीस · S 0 · M 1 · L 0 · XL 0 · XXL 0');

    const add = screen.getByRole('group', { name: 'पंक्ति जोड़ें' });
    fireEvent.change(add.querySelector('input')!, { target: { value: '1ABC' } });
    await userEvent.click(screen.getByRole('button', { name: 'पंक्ति जोड़ें' }));
    expect(screen.getByRole('alert').textContent).toBe("पंक्ति 2: नाम में सिर्फ़ A से Z तक के अक्षर या भारतीय लिपियों के अक्षर, स्पेस, '.', '-' और अपॉस्ट्रॉफ़ी हो सकते हैं, '1' नहीं");
  });
});
