import { describe, expect, it } from 'vitest';
import { chatModeOf } from './chat-mode';

const PAGE = 'https://app.pipwise.example';

describe('the customer-service mode', () => {
  it('follows service_link_type', () => {
    expect(chatModeOf('https://chat.example/room', 2, PAGE)).toEqual({
      kind: 'dialog',
      url: 'https://chat.example/room',
    });
    expect(chatModeOf('https://chat.example/room', 3, PAGE)).toEqual({
      kind: 'redirect',
      url: 'https://chat.example/room',
    });
    for (const type of [0, 1, 4, 99]) {
      expect(chatModeOf('https://chat.example/room', type, PAGE)).toMatchObject({ kind: 'frame' });
    }
  });

  it('sandboxes the frame, and never lets a page of our own origin lift its sandbox', () => {
    const foreign = chatModeOf('https://chat.example/room', 1, PAGE);
    expect(foreign).toMatchObject({ kind: 'frame' });
    expect(foreign.kind === 'frame' && foreign.sandbox.split(' ')).toContain('allow-same-origin');
    const own = chatModeOf(`${PAGE}/support.html`, 1, PAGE);
    expect(own.kind === 'frame' && own.sandbox.split(' ')).not.toContain('allow-same-origin');
    expect(own.kind === 'frame' && own.sandbox.split(' ')).toContain('allow-scripts');
  });

  it('uses only absolute web links', () => {
    for (const link of [
      '',
      '   ',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative/path',
      'chat.example/room',
      'ftp://chat.example/',
    ]) {
      for (const type of [1, 2, 3])
        expect(chatModeOf(link, type, PAGE), `${link} ${type}`).toEqual({ kind: 'none' });
    }
  });
});
