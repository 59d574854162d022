// Tests of the compiled WebAssembly package, run by `just test` with Node's
// test runner. The native engine pins its results in tests/golden/reference.json;
// the browser build must give exactly the same quote, hashes and pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as engine from './engine.mjs';
import { runScenario, newStudio, fixtures, sha256 } from './scenario.mjs';

/** Pinned by design-engine/tests/roster.rs (`the_browser_draws_a_row_as_natively`). */
const ROW_PREVIEW_SHA256 = '846cb679da47a541f9d1c20cb9657e52cecde5622d9bab0788ddf6deead463ad';

const reference = JSON.parse(readFileSync(new URL('../tests/golden/reference.json', import.meta.url)));

test('the scenario gives the native engine’s quote, hashes and pixels', () => {
  const { result } = runScenario();
  assert.deepEqual(result.lineQuote, reference.lineQuote);
  assert.deepEqual(result.orderQuote, reference.orderQuote);
  assert.equal(result.contentHash, reference.contentHash);
  assert.equal(result.artworkHash, reference.artworkHash);
  assert.deepEqual(result.backgroundRemovedPng, reference.backgroundRemovedPng);
  for (const area of ['leftChest', 'back']) {
    assert.deepEqual(result.areas[area], reference.areas[area], `pixels of ${area}`);
  }
  assert.deepEqual(result, reference);
});

test('moves are clamped to the print area', () => {
  const studio = newStudio('64f1a2b3c4d5e6f708190a01', 'white');
  studio.setText('leftChest', 'Hi', 'Arial', 16, '#000000');
  assert.deepEqual(studio.moveElement('leftChest', 'text', 150, -3), { x: 100, y: 0 });
  assert.deepEqual(studio.moveElement('leftChest', 'text', NaN, 42.5), { x: 50, y: 42.5 });
  assert.equal(studio.moveElement('back', 'text', 10, 10), undefined);
});

test('one text and one image per area: adding again replaces', () => {
  const studio = newStudio('64f1a2b3c4d5e6f708190a01', 'white');
  studio.setText('back', 'One', 'Arial', 16, '#000000');
  studio.setText('back', 'Two', 'Verdana', 20, '#ff0000');
  studio.addImage('back', fixtures('logo.png'), 'image/png', 'a.png');
  studio.addImage('back', fixtures('logo.png'), 'image/png', 'b.png');
  assert.equal(studio.elementCount(), 2);
  assert.equal(studio.design().areas.back.text.text, 'Two');
  assert.equal(studio.design().areas.back.image.name, 'b.png');
  studio.clear('text');
  assert.equal(studio.elementCount(), 1);
});

test('validation speaks the specification’s words', () => {
  const studio = newStudio('64f1a2b3c4d5e6f708190a01', 'white');
  const product = engine.catalogue()[0];
  assert.throws(() => studio.setText('leftChest', 'x'.repeat(51), 'Arial', 16, '#000'), {
    message: 'Text can be at most 50 characters',
    code: 'TEXT_TOO_LONG',
  });
  assert.throws(() => studio.setText('leftChest', '   ', 'Arial', 16, '#000'), { code: 'TEXT_EMPTY' });
  assert.throws(() => studio.setText('leftChest', 'ok', 'Arial', 49, '#000'), { code: 'FONT_SIZE_OUT_OF_RANGE' });
  assert.throws(() => studio.setQuantity('M', -1), { message: 'Cannot set quantity for size M below 0' });
  assert.throws(() => studio.addImage('back', Buffer.from('%PDF-1.4'), 'application/pdf', 'x.pdf'), {
    message: 'Please select a valid image file',
  });
  assert.throws(() => studio.addImage('back', Buffer.alloc(5 * 1024 * 1024), 'image/png', 'big.png'), {
    message: 'Image size must be less than 5MB',
  });
  assert.throws(() => studio.setImageSize('back', 5, 20), { code: 'IMAGE_SIZE_OUT_OF_RANGE' });
  studio.setQuantity('xl', 10);
  assert.equal(studio.needMore(), 15);
  assert.throws(() => studio.checkForCart(product), {
    message: 'Minimum quantity requirement not met. You need 15 more items to reach the minimum of 25 per color.',
  });
  studio.setQuantity('XXL', 15);
  assert.equal(studio.needMore(), 0);
  studio.checkForCart(product);
});

test('a design round-trips through JSON with the same hash', () => {
  const { studio } = runScenario();
  const reopened = engine.Studio.fromJson(studio.toJson());
  assert.equal(reopened.contentHash(), studio.contentHash());
  assert.throws(() => engine.Studio.fromJson(studio.toJson().replace('"version":1', '"version":9')), {
    code: 'UNSUPPORTED_VERSION',
  });
});

test('catalogue, colours, facts and money come from the engine', () => {
  const products = engine.catalogue();
  assert.equal(products.length, 5);
  assert.deepEqual(products.map((p) => p.name), [
    'Shirt Full Sleeve', 'Shirt Half Sleeve', 'T-Shirt Inverted', 'T-Shirt Piping', 'T-Shirt Normal',
  ]);
  assert.equal(engine.colorHex('skyblue'), '#87CEEB');
  assert.equal(engine.colorHex('purple'), undefined);
  const facts = engine.facts();
  assert.equal(facts.maxTextChars, 50);
  assert.equal(facts.minPerColor, 25);
  assert.equal(facts.fonts.length, 23);
  assert.deepEqual(facts.firstFontFiles.length, 5);
  // The same letter counting and font choice as natively.
  assert.equal(engine.letterCount('कि'.repeat(50)), 50);
  assert.deepEqual(engine.fontFilesFor('Oswald', 'राहुल'), ['Oswald-Regular.ttf', 'NotoSansDevanagari-Regular.ttf']);
  // The gateway fee is the merchant's policy, taken from the server: no copy here.
  assert.equal(facts.gatewayLabel, undefined);
  assert.deepEqual(facts.printAreas.map((a) => [a.key, a.label]), [['leftChest', 'Left Chest'], ['back', 'Back']]);
  // Empty slots are null, as the generated declarations and the API's documents say.
  const design = new engine.Studio('p1', 'white').design();
  assert.equal(design.areas.back.text, null);
  assert.equal(engine.formatInr(12345650), '₹1,23,456.50');
  const order = engine.quoteOrder([reference.lineQuote, reference.lineQuote], 250);
  assert.equal(order.subtotal, 2 * reference.lineQuote.total);
  assert.equal(order.gatewayCharge, 2 * reference.orderQuote.gatewayCharge);
  const absorbed = engine.quoteOrder([reference.lineQuote], 0);
  assert.deepEqual([absorbed.gatewayChargeBps, absorbed.gatewayCharge, absorbed.total], [0, 0, reference.lineQuote.total]);
  assert.throws(() => engine.quoteOrder([reference.lineQuote], 1001), (e) => e.code === 'GATEWAY_FEE_OUT_OF_RANGE');
});

test('rupees and pincodes follow the shared tables of cases', () => {
  const cases = (name) => JSON.parse(readFileSync(new URL(`../tests/cases/${name}.json`, import.meta.url)));
  const money = cases('money');
  for (const { paise, text } of money.format) assert.equal(engine.formatInr(paise), text, String(paise));
  for (const { text, paise } of money.parse) assert.equal(engine.parseRupees(text), paise ?? undefined, text);
  const pattern = new RegExp(engine.facts().pincodePattern);
  for (const { input, valid } of cases('pincode').cases) {
    assert.equal(engine.isPincode(input), valid, input);
    assert.equal(pattern.test(input), valid, `pattern: ${input}`);
  }
});

test('arched and outlined text: the browser draws the native golden print files, and refuses what the engine refuses', () => {
  const golden = (name) => readFileSync(new URL(`../tests/golden/${name}`, import.meta.url));
  const cases = [
    ['print-arc-up.png', (s) => s.setTextArc('leftChest', 'up', 40)],
    ['print-arc-down.png', (s) => s.setTextArc('leftChest', 'down', 40)],
    ['print-outline.png', (s) => s.setTextOutline('leftChest', 8, '#facc15')],
    ['print-arc-outline.png', (s) => (s.setTextArc('leftChest', 'up', 40), s.setTextOutline('leftChest', 8, '#000000'))],
  ];
  for (const [file, effect] of cases) {
    const studio = newStudio('64f1a2b3c4d5e6f708190a01', 'white');
    studio.setText('leftChest', 'TEAM LEGACY', 'Verdana', 24, '#1d4ed8');
    effect(studio);
    assert.ok(Buffer.from(studio.exportAreaPng('leftChest')).equals(golden(file)), file);
  }
  const studio = newStudio('64f1a2b3c4d5e6f708190a01', 'white');
  assert.throws(() => studio.setTextArc('leftChest', 'up', 40), { code: 'TEXT_MISSING' });
  studio.setText('leftChest', 'TEAM LEGACY', 'Verdana', 24, '#1d4ed8');
  assert.throws(() => studio.setTextArc('leftChest', 'up', 12), { code: 'ARC_TOO_TIGHT', message: /use a radius of at least \d+/ });
  assert.throws(() => studio.setTextArc('leftChest', 'down', 400), { code: 'ARC_RADIUS_OUT_OF_RANGE' });
  assert.throws(() => studio.setTextOutline('leftChest', 16, '#000'), { code: 'OUTLINE_WIDTH_OUT_OF_RANGE' });
  assert.equal(studio.design().areas.leftChest.text.arc, undefined, 'refused values change nothing');
  // Resizing keeps the effects; a size the arc cannot hold is refused.
  studio.setTextArc('leftChest', 'up', 30);
  studio.setText('leftChest', 'TEAM LEGACY', 'Verdana', 20, '#1d4ed8');
  assert.deepEqual(studio.design().areas.leftChest.text.arc, { direction: 'up', radius: 30 });
  assert.throws(() => studio.setText('leftChest', 'TEAM LEGACY', 'Verdana', 48, '#1d4ed8'), { code: 'ARC_TOO_TIGHT' });
  assert.equal(studio.design().areas.leftChest.text.size, 20);
});

test('names and numbers: roster rules, a pasted list, the charge, and a row drawn as natively', () => {
  const product = engine.catalogue()[0];
  const studio = newStudio(product._id, product.colors[0]);
  studio.setPersonal('back', 'name', 'Verdana', 10, '#dc2626');
  studio.setPersonal('back', 'number', 'Verdana', 45, '#16a34a');
  assert.throws(() => studio.setPersonal('back', 'number', 'Verdana', 90, '#000'), {
    code: 'PERSONAL_HEIGHT_OUT_OF_RANGE',
  });
  assert.deepEqual(studio.movePersonal('back', 'name', 50, 120), { x: 50, y: 100 });
  studio.movePersonal('back', 'name', 50, 18);

  const typed = [
    { size: 'm', name: 'Sharma', number: '10' },
    { size: 'M', name: 'Zoë', number: '7' },
    { size: 'L', name: 'Rao', number: '1234' },
  ];
  assert.deepEqual(
    engine.checkRosterRows(typed).map((e) => [e.row, e.code]),
    [[2, 'ROSTER_NAME_CHARACTER'], [3, 'ROSTER_NUMBER_TOO_LONG']],
  );
  assert.throws(() => studio.setRoster(typed), { message: /^Row 2: a name may use only/ });

  const parsed = engine.parseRoster('name,number,size\nsharma,10,M\n"O\'Brien",7,m\nbad line\n');
  assert.deepEqual(parsed.rows, [
    { size: 'M', name: 'SHARMA', number: '10' },
    { size: 'M', name: "O'BRIEN", number: '7' },
  ]);
  assert.deepEqual(parsed.errors.map((e) => e.message), ['Line 4: expected a name, a number and a size separated by commas']);

  studio.setRoster(parsed.rows);
  studio.setQuantity('M', 25);
  assert.deepEqual(studio.rosterProblems().map((e) => e.message), [
    'The roster has 2 pieces in size M but the quantities say 25',
  ]);
  assert.throws(() => studio.checkForCart(product), { code: 'ROSTER_SIZE_MISMATCH' });
  const quote = studio.personalisationQuote(6000, 4000);
  assert.deepEqual([quote.label, quote.pieces, quote.perPiece, quote.total], ['Names and numbers', 25, 10000, 250000]);
  assert.equal(studio.personalisationQuote(engine.facts().nameChargeDefault, 0).total, 150000);

  const piece = studio.renderAreaForRow('back', studio.roster()[1], 600);
  assert.equal(sha256(piece.pixels), ROW_PREVIEW_SHA256, 'the native engine draws the same pixels');
  // A view of the engine's memory (a drag's frames): the same pixels, until the next call replaces them.
  const view = studio.renderAreaView('back', 600, studio.roster()[1]);
  assert.deepEqual([view.width, view.height, sha256(view.pixels)], [piece.width, piece.height, ROW_PREVIEW_SHA256]);
  const plain = studio.renderArea('leftChest', 300);
  const plainView = studio.renderAreaView('leftChest', 300, undefined);
  assert.equal(sha256(plainView.pixels), sha256(plain.pixels));
  assert.throws(() => studio.renderAreaView('back', 600, { size: 'M', number: 'x' }), { code: 'ROSTER_NUMBER_CHARACTER' });
  const boxes = studio.personalBoxes('back', { size: 'M', name: "O'Brien", number: '7' }, 600);
  assert.deepEqual(boxes.map((b) => b.field), ['name', 'number']);
  assert.throws(() => studio.renderAreaForRow('back', { size: 'M', number: 'x' }, 600), {
    code: 'ROSTER_NUMBER_CHARACTER',
  });
});
