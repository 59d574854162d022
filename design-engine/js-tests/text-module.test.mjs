// The core module alone, before the page hands it the text module: it never
// draws text on its own, and says so with the studio's own error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as core from '../pkg/design_engine.js';
import * as text from '../pkg/design_text.js';

const font = (file) => readFileSync(new URL(`../fonts/${file}`, import.meta.url));

test('text waits for the text module and its font', () => {
  const studio = new core.Studio('64f1a2b3c4d5e6f708190a01', 'white');
  studio.setText('leftChest', 'Hi', 'Georgia', 16, '#000');
  // No text module yet: fonts cannot be loaded, texts cannot be drawn.
  assert.equal(studio.loadFont(font('Gelasio-Regular.ttf')), 0);
  assert.throws(() => studio.textDecal('leftChest'), { code: 'FONT_NOT_LOADED' });

  core.useTextEngine(text);
  assert.equal(studio.hasFont('Georgia'), false);
  assert.throws(() => studio.textDecal('leftChest'), { code: 'FONT_NOT_LOADED' });
  // Fonts live in the text module: loading the same file twice adds nothing.
  assert.equal(studio.loadFont(font('Gelasio-Regular.ttf')), 1);
  assert.equal(text.loadFont(font('Gelasio-Regular.ttf')), 1);
  assert.equal(studio.hasFont('Georgia'), true);
  const decal = studio.textDecal('leftChest');
  assert.ok(decal.width > 10 && decal.height > 10);
  assert.ok(decal.pixels.some((v, i) => i % 4 === 3 && v > 0), 'the text has ink');
  // The text module refuses what it cannot draw instead of crashing.
  assert.throws(() => text.drawText('Gelasio', '#000000', 'Hi', 0, 0, '', 10, 10, [1, 0, 0]), /six numbers/);
});
