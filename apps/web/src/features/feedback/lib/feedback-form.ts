import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN,
  FEEDBACK_TOPICS,
  type FeedbackTopicValue,
} from '@pipwise/shared';

export interface FeedbackDraft {
  topic: FeedbackTopicValue | null;
  message: string;
}

export type FeedbackProblems = Partial<
  Record<'topic' | 'message', 'choose_topic' | 'too_short' | 'too_long'>
>;

/** Characters as the trader counts them (an emoji is one), as the server counts them. */
export const lengthOf = (text: string) => [...text.trim()].length;

/** What keeps a draft from being sent, checked like the server checks it. */
export function feedbackProblems(draft: FeedbackDraft): FeedbackProblems {
  const problems: FeedbackProblems = {};
  if (draft.topic === null || !FEEDBACK_TOPICS.includes(draft.topic)) problems.topic = 'choose_topic';
  const length = lengthOf(draft.message);
  if (length < FEEDBACK_MESSAGE_MIN) problems.message = 'too_short';
  else if (length > FEEDBACK_MESSAGE_MAX) problems.message = 'too_long';
  return problems;
}
