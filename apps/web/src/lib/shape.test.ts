import { describe, expect, it } from 'vitest';
import { ShapeError, z } from './shape';

const section = z.object({
  title: z.string(),
  items: z._default(z.array(z.string()), []),
  note: z.optional(z.string()),
});

describe('shape', () => {
  it('parses and applies defaults', () => {
    expect(section.parse({ title: 'Refunds' })).toEqual({
      title: 'Refunds',
      items: [],
      note: undefined,
    });
  });
  it('names the path of what is wrong', () => {
    expect(() => section.parse({ title: 'x', items: ['a', 3] }, 'legal')).toThrow(
      new ShapeError('legal.items[1]: expected text'),
    );
    // i18next returns the key itself for a missing object: that is not a section.
    expect(() => section.parse('legal.sections.refunds')).toThrow(ShapeError);
  });
  it('checks records and list rules', () => {
    const answers = z.record(z.string(), z.array(z.string()).check(z.minLength(1)));
    expect(answers.parse({ a: ['yes'] })).toEqual({ a: ['yes'] });
    expect(() => answers.parse({ a: [] })).toThrow('at least 1');
  });
});
