// The studio's tools in a real Chromium against the real store: undo and redo
// (buttons and shortcuts) through a design of seven steps, five undone and two
// redone, then a reload that keeps the history; a drag onto the print area's
// centre guide that shows the guide and lands on the centre (and an Alt-drag
// that does not snap); the print-quality badge of a small picture going from
// Fair to Low while it is resized, with the preflight's warning; and axe and a
// phone's width with the new controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, newContext, repo, screenshots, store, withStore } from './harness.mjs';

withStore();

const PRODUCT = '64f1a2b3c4d5e6f708190a05';
// 160 × 120 px: 200 DPI in a 20% box of the 4-inch Left Chest, 40 DPI across all of it.
const LOGO = readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png'));

/** The draft the studio saved (the engine's document). */
const draft = (page) => page.evaluate((id) => localStorage.getItem(`studio-draft:${id}`), PRODUCT);
const backText = async (page) => JSON.parse(await draft(page)).areas.back.text;

/** The back text's position once the draft no longer holds `from` (the draft is saved after the drag, asynchronously). */
async function movedFrom(page, from) {
  await page
    .waitForFunction(
      ([id, was]) => JSON.stringify(JSON.parse(localStorage.getItem(`studio-draft:${id}`) ?? 'null')?.areas?.back?.text?.position) !== was,
      [PRODUCT, JSON.stringify(from)],
      { timeout: 10_000 },
    )
    .catch(() => {});
  return (await backText(page)).position;
}

/** Waits until the saved draft is `doc` (an undo reopens the engine's document, asynchronously). */
async function draftIs(page, doc, state) {
  await page.waitForFunction(([id, want]) => localStorage.getItem(`studio-draft:${id}`) === want, [PRODUCT, doc], { timeout: 10_000 }).catch(() => {});
  assert.equal(await draft(page), doc, state);
}

async function openStudio(page) {
  await page.goto(`${store.url}/design?productId=${PRODUCT}`);
  await page.getByRole('heading', { name: /View Your/ }).waitFor();
  await page.getByRole('button', { name: 'Add Text' }).waitFor({ timeout: 60_000 });
}

test('undo and redo through a design, and the history survives a reload', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openStudio(page);
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  assert.ok((await undo.isDisabled()) && (await redo.isDisabled()), 'nothing to undo or redo yet');

  // The studio saves no draft until the first change: the start is the engine's new document in the page's colour.
  const colour = await page.getByLabel('Colour', { exact: true }).inputValue();
  const docs = [null];
  const step = async (what, fn) => {
    const before = docs.at(-1);
    await fn();
    await page.waitForFunction(([id, was]) => localStorage.getItem(`studio-draft:${id}`) !== was, [PRODUCT, before]);
    docs.push(await draft(page));
    assert.ok(await undo.isEnabled(), `${what}: undo offered`);
  };
  await step('a text on the Back', async () => {
    await page.getByRole('radio', { name: 'Back', exact: true }).click();
    await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
    await page.getByRole('button', { name: 'Add Text' }).click();
  });
  await step('a colour', () => page.getByLabel('Colour', { exact: true }).selectOption({ index: 1 }));
  await step('a picture on the Left Chest', async () => {
    await page.getByRole('radio', { name: 'Left Chest' }).click();
    await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await page.getByRole('button', { name: 'Add Image' }).click();
  });
  await step('a text moved with the keyboard', async () => {
    await page.getByRole('radio', { name: 'Back', exact: true }).click();
    await page.locator('.element-handle[data-kind="text"]').focus();
    await page.keyboard.press('Shift+ArrowUp');
  });
  for (const size of ['M', 'L', 'XL']) await step(`one more ${size}`, () => page.getByRole('button', { name: `More ${size}` }).click());
  assert.equal(docs.length, 8);

  // Ctrl+Z in the text field is the field's own undo: the design stays.
  await page.getByLabel('Text', { exact: true }).fill('typing');
  await page.getByLabel('Text', { exact: true }).press('Control+z');
  assert.equal(await draft(page), docs[7], 'Ctrl+Z while typing leaves the design alone');
  await page.getByLabel('Text', { exact: true }).fill('');

  // Five back: two with the button, three with the keys (from the page, not a text field).
  await undo.click();
  await draftIs(page, docs[6], 'one undone');
  await undo.click();
  await draftIs(page, docs[5], 'two undone');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  for (const [i, keys] of [[4, 'Control+z'], [3, 'Meta+z'], [2, 'Control+z']]) {
    await page.keyboard.press(keys);
    await draftIs(page, docs[i], `undone to step ${i} with ${keys}`);
  }
  assert.equal(await page.getByText('logo.png', { exact: true }).count(), 0, 'the picture is undone');
  // Two forward: the button and Ctrl+Shift+Z (Ctrl+Y is the same step forward, tried after the reload).
  await redo.click();
  await draftIs(page, docs[3], 'one redone');
  await page.keyboard.press('Control+Shift+z');
  await draftIs(page, docs[4], 'two redone');
  await page.getByText('logo.png', { exact: true }).waitFor();
  await expectAccessible(page, 'studio with undo and redo');

  // A reload keeps the design and its history: four steps back, three forward.
  await page.reload();
  await page.getByRole('button', { name: 'Add Text' }).waitFor({ timeout: 60_000 });
  assert.equal(await draft(page), docs[4], 'the draft after the reload');
  assert.ok((await undo.isEnabled()) && (await redo.isEnabled()), 'undo and redo offered after the reload');
  await page.keyboard.press('Control+y');
  await draftIs(page, docs[5], 'redone with Ctrl+Y after the reload');
  for (let i = 4; i >= 1; i--) {
    await undo.click();
    await draftIs(page, docs[i], `undone to step ${i} after the reload`);
  }
  await undo.click();
  await page.waitForFunction(() => document.querySelector('button[aria-keyshortcuts^="Control+Z"]')?.disabled);
  const start = JSON.parse(await draft(page));
  assert.deepEqual([start.color, start.areas.back.text, start.areas.leftChest.image], [colour, null, null], 'back at the start');
  // The colour undone too: the page's colour (its query) follows the document.
  await page.waitForURL((url) => url.searchParams.get('color') === colour);
  await context.close();
});

test('a drag snaps onto the centre guide and shows it; Alt drags freely', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openStudio(page);
  await page.getByRole('radio', { name: 'Back', exact: true }).click();
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  const canvas = page.locator('canvas[data-area="back"]');
  const box = await canvas.boundingBox();
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const guideX = page.getByTestId('snap-guide-x');
  const guideY = page.getByTestId('snap-guide-y');
  // The next frame: moves reach the page once per frame, so a busy machine may still hold the last ones.
  const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

  // Away from every line: no guide. (The text starts at the centre; it is wide, so not far to the right,
  // where its right edge would snap to the area's.)
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(centre.x + i * 2, centre.y + i * 5);
  await frame();
  assert.ok((await guideX.isHidden()) && (await guideY.isHidden()), 'no guide away from the lines');
  await page.mouse.up();
  const away = await movedFrom(page, { x: 50, y: 50 });
  assert.ok(away.x > 55 && away.y > 55, `moved away: ${JSON.stringify(away)}`);

  // Back to 3 and 2 pixels off the centre: it snaps, and both centre lines show while it is held.
  await page.mouse.move(centre.x + 20, centre.y + 50);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(centre.x + 20 - i * 1.7, centre.y + 50 - i * 4.8);
  await frame();
  // Both, each in its own time: on a busy machine the vertical line may snap a frame before the horizontal one.
  await guideX.waitFor({ state: 'visible' });
  await guideY.waitFor({ state: 'visible' });
  const line = await guideX.boundingBox();
  assert.ok(Math.abs(line.x - centre.x) <= 1.5, `the guide is on the centre line (${line.x} vs ${centre.x})`);
  await page.screenshot({ path: join(screenshots, 'studio-snap-guide.png') });
  await page.mouse.up();
  assert.ok(await guideX.isHidden(), 'the guide goes when the drag ends');
  assert.deepEqual(await movedFrom(page, away), { x: 50, y: 50 }, 'snapped onto the centre');

  // With Alt held the same drag lands where the pointer puts it (each move given its frame). The saved draft may
  // come before the studio's re-render of the last drag: two frames let it settle before the next drag starts.
  await frame();
  await frame();
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down('Alt');
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) {
    await page.mouse.move(centre.x + i * 0.9, centre.y + i * 0.8);
    await frame();
  }
  assert.ok(await guideX.isHidden(), 'no guide with Alt');
  await page.mouse.up();
  await page.keyboard.up('Alt');
  const free = await movedFrom(page, { x: 50, y: 50 });
  assert.ok(free.x > 50 && free.y > 50, `not snapped with Alt: ${JSON.stringify(free)}`);

  // The toggle (for touch screens) turns snapping off for good.
  const toggle = page.getByRole('button', { name: 'Snap', exact: true });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await page.mouse.move(centre.x + 3, centre.y + 2);
  await page.mouse.down();
  await page.mouse.move(centre.x + 2, centre.y + 1);
  await page.mouse.move(centre.x + 3, centre.y + 2);
  assert.ok(await guideX.isHidden(), 'no guide with snapping off');
  await page.mouse.up();
  assert.notDeepEqual((await backText(page)).position, { x: 50, y: 50 }, 'not snapped with the toggle off');

  // Keyboard nudges are as they were: 1% a press.
  const before = (await backText(page)).position;
  await page.locator('.element-handle[data-kind="text"]').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(([id, x]) => JSON.parse(localStorage.getItem(`studio-draft:${id}`)).areas.back.text.position.x !== x, [PRODUCT, before.x]);
  assert.ok(Math.abs((await backText(page)).position.x - (before.x - 1)) < 1e-9, 'a nudge moves it 1%');
  await context.close();
});

test('a small picture shows its print quality live while resized, Low with the warning', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openStudio(page);
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await page.getByRole('button', { name: 'Add Image' }).click();
  const badge = page.getByTestId('print-quality-leftChest');
  await badge.waitFor();
  assert.equal(await badge.getAttribute('data-grade'), 'Fair');
  assert.match(await badge.textContent(), /Fair · 200 DPI/);
  await expectAccessible(page, 'studio: a Fair picture');

  // Pulled to the full width (the height, 0.8 in for 120 px, still holds it at 150 DPI), then the full
  // height: 4 inches for 160 pixels.
  for (const side of ['width', 'height']) {
    const track = await page.getByLabel(`Image ${side} on Left Chest`).boundingBox();
    await page.mouse.move(track.x + 2, track.y + track.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(track.x + (track.width * i) / 10, track.y + track.height / 2);
    await page.mouse.up();
    if (side === 'width') assert.match(await badge.textContent(), /Fair · 150 DPI/);
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="print-quality-leftChest"]')?.getAttribute('data-grade') === 'Low');
  const text = await badge.textContent();
  assert.match(text, /Low · 40 DPI/);
  assert.match(text, /The image on the Left Chest prints at 40 DPI \(below 150\): it may look blurry/);
  await page.screenshot({ path: join(screenshots, 'studio-low-dpi.png') });
  await expectAccessible(page, 'studio: a Low picture');
  // One pull of a slider is one undo step: undo returns to the full width at 20% high.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="print-quality-leftChest"]')?.getAttribute('data-grade') === 'Fair');
  assert.match(await badge.textContent(), /Fair · 150 DPI/);
  await context.close();
});

test('the studio with the new controls on a phone', async () => {
  const context = await newContext(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await openStudio(page);
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await page.getByRole('button', { name: 'Add Image' }).click();
  await page.getByTestId('print-quality-leftChest').waitFor();
  for (const name of ['Undo', 'Redo', 'Snap']) {
    const b = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(b && b.height >= 24 && b.width >= 24, `${name} is a tap target (${JSON.stringify(b)})`);
  }
  // One row over the garment, so the sticky preview stays as tall as before.
  const tops = await page.locator('.studio-tools button').evaluateAll((bs) => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size);
  assert.equal(tops, 1, 'the studio tools sit in one row');
  await page.locator('.studio .notice.ok').waitFor({ state: 'detached' });
  await expectFits(page, 'phone studio with its tools');
  await expectAccessible(page, 'phone studio with its tools');
  await page.screenshot({ path: join(screenshots, 'phone-studio-tools.png') });
  await context.close();
});
