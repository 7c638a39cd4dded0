import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link';

describe('invite link', () => {
  it('is the origin, /register and the code', () => {
    expect(inviteLink('https://app.pipwise.example', 'AB12CD')).toBe(
      'https://app.pipwise.example/register?invite_code=AB12CD',
    );
    expect(inviteLink('http://127.0.0.1:8080', 'x y&z')).toBe(
      'http://127.0.0.1:8080/register?invite_code=x+y%26z',
    );
  });
});
