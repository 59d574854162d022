// The pincode rule, from the engine (design-engine pincode::PINCODE_PATTERN,
// carried here by the generated facts): six ASCII digits, the first not 0.
// The server applies the same rule; both are tested against
// design-engine/tests/cases/pincode.json. What was typed is cleaned or
// trimmed first (inputs.ts's cleanPincode for the forms).
import { FACTS } from './facts.gen';

const PINCODE = new RegExp(FACTS.pincodePattern);

/** Whether the text is an Indian pincode. */
export function isPincode(text: string): boolean {
  return PINCODE.test(text);
}
