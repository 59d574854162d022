// The package as the web app wires it: the core module asks the text module
// to shape texts (useTextEngine), so every test loads both.
import * as engine from '../pkg/design_engine.js';
import * as text from '../pkg/design_text.js';

engine.useTextEngine(text);

export * from '../pkg/design_engine.js';
