import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env.js';

describe('web environment (parsed once, at startup)', () => {
  it('defaults to the API on the app’s own origin and the default chat link', () => {
    expect(parseWebEnv({})).toEqual({ apiOrigin: '', chatUrl: 'https://wa.me/2348031234567' });
    expect(parseWebEnv({ VITE_API_ORIGIN: ' ', VITE_CHAT_URL: '' }).apiOrigin).toBe('');
  });

  it('takes http(s) URLs without their trailing slash', () => {
    expect(parseWebEnv({ VITE_API_ORIGIN: 'https://api.example.com/', VITE_CHAT_URL: 'http://chat.example.com' })).toEqual({
      apiOrigin: 'https://api.example.com',
      chatUrl: 'http://chat.example.com',
    });
  });

  it('fails loudly on a value that is not an http(s) URL', () => {
    expect(() => parseWebEnv({ VITE_API_ORIGIN: 'ftp://api.example.com' })).toThrow(/VITE_API_ORIGIN/);
    expect(() => parseWebEnv({ VITE_CHAT_URL: 'not a url' })).toThrow(/VITE_CHAT_URL/);
  });
});
