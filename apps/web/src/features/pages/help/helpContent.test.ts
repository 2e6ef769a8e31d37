import { describe, expect, it } from 'vitest';
import { filterFaq, toFaqGroups } from './helpContent';

const groups = toFaqGroups({
  account: {
    title: 'Account',
    questions: {
      'sign-in': { question: 'How do I sign in?', answer: ['Choose Sign in at the top.'] },
      'close-account': {
        question: 'How do I close my account?',
        answer: ['Write to <email>support@aistudio.example</email>.'],
      },
    },
  },
  payments: {
    title: 'Payments',
    questions: {
      vnpay: { question: 'How do I pay with VNPay?', answer: ['See the <vnpay>guide</vnpay>.'] },
    },
  },
});

describe('toFaqGroups', () => {
  it('keeps the order and the ids of the translation file', () => {
    expect(groups.map((group) => group.id)).toEqual(['account', 'payments']);
    expect(groups[0]?.questions.map((entry) => entry.id)).toEqual(['sign-in', 'close-account']);
  });
});

describe('filterFaq', () => {
  it('returns every group for an empty query', () => {
    expect(filterFaq(groups, '')).toEqual(groups);
  });

  it('matches answers as well as questions, and drops groups left empty', () => {
    const result = filterFaq(groups, 'support@aistudio');
    expect(result.map((group) => group.id)).toEqual(['account']);
    expect(result[0]?.questions.map((entry) => entry.id)).toEqual(['close-account']);
  });

  it('does not match the markup of inline links', () => {
    expect(filterFaq(groups, 'email')).toEqual([]);
  });

  it('returns nothing when no question matches', () => {
    expect(filterFaq(groups, 'bitcoin')).toEqual([]);
  });
});
