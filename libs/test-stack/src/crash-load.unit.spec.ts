import { describe, expect, it } from 'vitest';
import { urlOwnerConflicts } from './crash-load';

const claimed = (url: string, entity_id: string) => ({ subject: 's', type: 'UrlClaimed', data: { url, entity_id, claimed_at: 1 } });
const released = (url: string, entity_id: string) => ({ subject: 's', type: 'UrlReleased', data: { url, entity_id, released_at: 2 } });

describe('the crash checker: one owner per URL at a time', () => {
  it('a claimant claiming its own URL again (a renewal, a retried claim, a void claim taken back) is no second owner', () => {
    expect(urlOwnerConflicts([claimed('u', 'a'), claimed('u', 'a'), claimed('u', 'a')])).toEqual([]);
  });
  it('a claim taken over after a release is no second owner', () => {
    expect(urlOwnerConflicts([claimed('u', 'a'), released('u', 'a'), claimed('u', 'b'), claimed('v', 'a')])).toEqual([]);
  });
  it('a second entity claiming a URL that was never released is reported', () => {
    expect(urlOwnerConflicts([claimed('u', 'a'), claimed('v', 'c'), claimed('u', 'b')])).toEqual(['URL u claimed by b while a held it']);
  });
});
