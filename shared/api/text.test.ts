import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asPlainText, hasMarkup, plainText } from './text.js';
import { firstIssueMessage } from './common.js';

const refusal = (schema: z.ZodTypeAny, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : firstIssueMessage(parsed.error);
};

describe('plainText: free text is plain text', () => {
  const name = plainText('Contact name').pipe(z.string().min(1, 'required').max(5, 'too long'));
  const body = plainText('Message', { multiline: true });

  it('refuses C0 and C1 controls, DEL, the Unicode separators and unpaired surrogates, naming the field', () => {
    for (const value of [
      'a\u0000',
      'a\u0007',
      '\u001b[0m',
      'a\u007f',
      'a\u0085',
      'a\u009b',
      'a\tb',
      'a\nb',
      'a\rb',
      'a\u2028b',
      'a\u2029b',
      'a\uD800',
      '\uDC00a',
    ]) {
      expect(refusal(name, value), JSON.stringify(value)).toBe('Contact name contains characters that are not allowed');
    }
  });

  it('strips invisible format characters (zero-width, bidi marks, embeddings, overrides and isolates, BOM, soft hyphen), then trims', () => {
    expect(name.parse(' \u202Eab\u200Bc\u2066 ')).toBe('abc');
    expect(name.parse('\uFEFFA\u00AD\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u2060\u2067\u2068\u2069\u061C')).toBe('A');
  });

  it('counts the length limits on the kept text: a name of only invisible characters is empty, padding does not make it too long', () => {
    expect(refusal(name, '\u200B\u202E')).toBe('required');
    expect(name.parse(`abcde${'\u200B'.repeat(50)}`)).toBe('abcde');
    expect(refusal(name, 'abcdef')).toBe('too long');
  });

  it('keeps letters with their marks, emoji and other scripts as they are', () => {
    const text = plainText('Name');
    for (const value of ['Ayọ̀ Adébáyọ̀', 'Ọmọ́tọ́ṣọ̀', 'Mum ❤️', 'Ngozi 😀', 'محمد', 'Nnamdi < ₦500 & co']) expect(text.parse(value)).toBe(value);
  });

  it('a multi-line field takes line breaks (CR LF, CR and U+2028 become LF) and tabs, and refuses the other controls', () => {
    expect(body.parse('one\r\ntwo\rthree\u2028four\tfive')).toBe('one\ntwo\nthree\nfour\tfive');
    expect(refusal(body, 'one\u0000')).toBe('Message contains characters that are not allowed');
    expect(refusal(body, 'one\u000b')).toBe('Message contains characters that are not allowed');
  });

  it("refuses what is not a string with the field's own messages", () => {
    expect(refusal(plainText('Name', { required_error: 'needed', invalid_type_error: 'wrong' }), undefined)).toBe('needed');
    expect(refusal(plainText('Name', { required_error: 'needed', invalid_type_error: 'wrong' }), 5)).toBe('wrong');
  });
});

describe('markup', () => {
  it('is a "<" starting a tag, an end tag, a comment or a declaration; a lone "<" is not', () => {
    for (const value of ['<img src=x onerror=alert(1)>', 'a <b>', '</p>', '<!-- x -->', '<?xml', '<script']) expect(hasMarkup(value), value).toBe(true);
    for (const value of ['a < b', '₦300 <₦500', '<3', '1<2', 'x <= y']) expect(hasMarkup(value), value).toBe(false);
  });

  it('stored text is served plain: every tag removed (also one a removal puts together), controls and format characters gone', () => {
    expect(asPlainText('<b>Hi</b> <img src=x onerror=alert(1)>all\u202E, <<img>script>data is back', true)).toBe('Hi all, data is back');
    expect(hasMarkup(asPlainText('<<b>script>alert(1)<</b>/script>'))).toBe(false);
    expect(asPlainText('line one\r\nline\u0000 two\u200B', true)).toBe('line one\nline two');
    expect(asPlainText('one\ntwo')).toBe('one two');
    expect(asPlainText('a < b')).toBe('a < b');
  });
});
