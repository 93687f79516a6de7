import { describe, expect, it } from 'vitest';
import { safeUrl } from './markdown';

describe('safeUrl', () => {
  it('keeps http(s) and relative addresses', () => {
    for (const url of [
      'https://example.com/a?b=c',
      'http://x.y',
      '/news/3',
      'news/3',
      '#comments',
      '?q=a:b',
      '//cdn.example/x.png',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('drops every other scheme, however it is spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'mailto:a@b.c',
      'xmpp:a@b.c',
      'irc://irc.example',
      'file:///etc/passwd',
    ]) {
      expect(safeUrl(url)).toBe('');
    }
  });
});
