/**
 * Free text is plain text: a contact name, a refund's reason, the notice to users, an admin's mail,
 * a plan's name, a bank account's name are kept as the person reads them, and every client may show
 * them as they are. Every free-text field of the API goes through `plainText()`; the rules:
 *
 *  - Control characters are refused with a 400 naming the field ("Contact name contains characters
 *    that are not allowed"): C0 (U+0000–U+001F: NUL, escape sequences, tabs, line breaks), DEL and
 *    C1 (U+007F–U+009F), the line and paragraph separators U+2028/U+2029, and unpaired surrogates
 *    (not text at all). A multi-line field (the notice, a mail's message) takes line breaks — CR LF,
 *    CR and U+2028/U+2029 become LF — and tabs; a single-line field takes neither.
 *  - Invisible format characters (Unicode category Cf: zero-width space and joiners U+200B–U+200D,
 *    word joiner U+2060, byte order mark U+FEFF, soft hyphen U+00AD, the bidi marks, embeddings,
 *    overrides and isolates U+200E/U+200F, U+202A–U+202E, U+2066–U+2069, U+061C, …) are stripped:
 *    they change how text looks — a name that reads backwards, two names that look alike but differ —
 *    never what it says, so the text is kept without them.
 *  - Then the text is trimmed, and a field's length limits count what is kept.
 *
 * Text shown to every client as a notice must also hold no markup (`hasMarkup`), and text stored
 * before these rules is cleaned on the way out (`asPlainText`).
 */
import { z } from 'zod';
import { charactersNotAllowedMessage } from '../messages.js';

/** Characters refused anywhere: controls other than tab and LF, the Unicode separators (single-line only after normalising), unpaired surrogates. */
const REFUSED_SINGLE_LINE = /[\p{Cc}\u2028\u2029]|\p{Cs}/u;
/** In multi-line text, after CR LF / CR / U+2028 / U+2029 became LF: LF and tab are taken. */
const REFUSED_MULTI_LINE = /[^\P{Cc}\n\t]|\p{Cs}/u;
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
const FORMAT_CHARACTERS = /\p{Cf}/gu;

export interface PlainTextOptions {
  /** Line breaks (as LF) and tabs are taken: the notice to users, a mail's message. */
  multiline?: boolean;
  required_error?: string;
  invalid_type_error?: string;
}

/**
 * `value` as stored: line breaks normalised (multi-line), format characters stripped, trimmed; or
 * undefined when it holds a character that is refused.
 */
export function cleanPlainText(value: string, multiline = false): string | undefined {
  const text = multiline ? value.replace(LINE_BREAKS, '\n') : value;
  if ((multiline ? REFUSED_MULTI_LINE : REFUSED_SINGLE_LINE).test(text)) return undefined;
  return text.replace(FORMAT_CHARACTERS, '').trim();
}

/**
 * A free-text field: a string under the rules above, `label` naming it in the refusal. Chain its
 * length checks after it with `.pipe(z.string().min(…).max(…))`, so they count the kept text.
 */
export function plainText(label: string, options: PlainTextOptions = {}) {
  const { multiline = false, ...errors } = options;
  return z.string(errors).transform((value, ctx) => {
    const text = cleanPlainText(value, multiline);
    if (text === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: charactersNotAllowedMessage(label) });
      return z.NEVER;
    }
    return text;
  });
}

/** `<` starting a tag, an end tag, a comment or a declaration (`<a`, `</`, `<!`, `<?`): what HTML reads as markup. */
const MARKUP = /<[A-Za-z/!?]/;
const MARKUP_TAG = /<[A-Za-z/!?][^>]*>?/g;

/** The text holds markup (a `<` followed by a letter, `/`, `!` or `?`); a lone "<" (`< ₦300`) is not markup. */
export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * Text stored before these rules, made plain on the way out: its tags removed (again until none is
 * left, so `<<b>script>` leaves no `<script`), its control and format characters removed, trimmed.
 */
export function asPlainText(stored: string, multiline = false): string {
  let text = stored;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(MARKUP_TAG, '');
  }
  text = multiline ? text.replace(LINE_BREAKS, '\n') : text.replace(/[\r\n\u2028\u2029]+/g, ' ');
  const refused = new RegExp((multiline ? REFUSED_MULTI_LINE : REFUSED_SINGLE_LINE).source, 'gu');
  return text.replace(refused, '').replace(FORMAT_CHARACTERS, '').trim();
}
