import { describe, expect, it } from 'vitest';
import { askSubject, isGenericIntent } from './intent';

describe('isGenericIntent', () => {
  it('given a request for anything that fits, then it is generic', () => {
    for (const q of ['What should I buy next?', 'recommend something', 'anything for me?', "What's good tonight?", 'Any ideas?', 'What should I watch next?']) {
      expect(isGenericIntent(q), q).toBe(true);
    }
  });
  it('given a question that names a subject, then it is specific', () => {
    for (const q of ['How do I file my quarterly taxes?', 'Which saxophone record should I get?', 'Recommend me something to read about knitting', 'Any gear for a long trek?']) {
      expect(isGenericIntent(q), q).toBe(false);
    }
  });

  it('the subject of a specific question leaves out the asking words', () => {
    expect(askSubject('Which drama should I watch this weekend?')).toBe('drama');
    expect(askSubject('Which saxophone record should I get?')).toBe('saxophone record');
    expect(askSubject('What should I buy next?')).toBe('');
  });
});
