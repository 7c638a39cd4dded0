import { describe, expect, it } from 'vitest';
import { feedbackProblems, lengthOf } from './feedback-form';

describe('the feedback form', () => {
  it('asks for a topic and a message of 10 to 2000 characters', () => {
    expect(feedbackProblems({ topic: null, message: '' })).toEqual({
      topic: 'choose_topic',
      message: 'too_short',
    });
    expect(feedbackProblems({ topic: 3, message: '   short   ' })).toEqual({ message: 'too_short' });
    expect(feedbackProblems({ topic: 3, message: 'x'.repeat(2001) })).toEqual({ message: 'too_long' });
    expect(feedbackProblems({ topic: 3, message: 'Deposit not credited' })).toEqual({});
    expect(feedbackProblems({ topic: 9 as 1, message: 'Deposit not credited' })).toEqual({
      topic: 'choose_topic',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(lengthOf('😀😀😀😀😀')).toBe(5);
    expect(lengthOf('  入金未到賬  ')).toBe(5);
  });
});
