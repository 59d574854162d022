// Reading values back from a message the server or the engine wrote in English: the catalogue's English of an id is
// the writer's template word for word, so its arguments (`{name}`) mark where the values are. Its users hold the
// catalogue to the writer's source in their tests (engineMessages.test.ts, timelineLabel.test.ts).
import { english, type MessageId } from './catalogues';
import type { Values } from './format';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<string, { regex: RegExp; names: string[] }>();

/** The English template as a pattern catching its arguments (`{name}` → a group; ICU's `''` is one apostrophe). */
function patternOf(template: string): { regex: RegExp; names: string[] } {
  let made = patterns.get(template);
  if (!made) {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((piece) => {
        const arg = /^\{(\w+)\}$/.exec(piece);
        if (!arg) return escape(piece.replaceAll("''", "'"));
        names.push(arg[1]);
        return '([\\s\\S]+?)';
      })
      .join('');
    made = { regex: new RegExp(`^${source}$`), names };
    patterns.set(template, made);
  }
  return made;
}

/** The values of an English `message` written by the catalogue's English of `id`, or undefined when it was not. */
export function valuesIn(id: MessageId, message: string): Values | undefined {
  const { regex, names } = patternOf(english[id]);
  const found = regex.exec(message);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
}
