import { describe, expect, it } from 'vitest';
import {
  faqBody,
  faqMatches,
  lineLocaleOf,
  matchFaq,
  normalizeFaqText,
  replyTokenFresh,
  REPLY_TOKEN_FRESH_SECONDS,
  type FaqCandidate,
} from './line.js';

const faq = (over: Partial<FaqCandidate> & { id: number; keyword: string }): FaqCandidate => ({
  matchMode: 'contains',
  priority: 0,
  status: 'maintained',
  roomId: null,
  ...over,
});

describe('FAQ matcher', () => {
  it('compares exact, contains and starts-with on folded text', () => {
    expect(faqMatches({ keyword: '營業時間', matchMode: 'exact' }, ' 營業時間 ')).toBe(true);
    expect(faqMatches({ keyword: '營業時間', matchMode: 'exact' }, '請問營業時間')).toBe(false);
    expect(faqMatches({ keyword: '營業時間', matchMode: 'contains' }, '請問營業時間？')).toBe(true);
    expect(faqMatches({ keyword: '叫瓦斯', matchMode: 'startsWith' }, '叫瓦斯 20kg')).toBe(true);
    expect(faqMatches({ keyword: '叫瓦斯', matchMode: 'startsWith' }, '我要叫瓦斯')).toBe(false);
    // Full-width letters and case fold (NFKC + lower case).
    expect(faqMatches({ keyword: 'LINE pay', matchMode: 'contains' }, '可以用ＬＩＮＥ　Ｐａｙ嗎')).toBe(true);
    expect(normalizeFaqText('  Ａ  b ')).toBe('a b');
    expect(faqMatches({ keyword: '  ', matchMode: 'contains' }, 'anything')).toBe(false);
  });

  it('takes the highest priority, then the room’s own, then the stricter mode, then the longer keyword', () => {
    const low = faq({ id: 1, keyword: '瓦斯', priority: 1 });
    const high = faq({ id: 2, keyword: '價格', priority: 5 });
    expect(matchFaq([low, high], '瓦斯價格多少', 7)?.id).toBe(2);

    const all = faq({ id: 3, keyword: '團購' });
    const own = faq({ id: 4, keyword: '團購', roomId: 7 });
    expect(matchFaq([all, own], '團購', 7)?.id).toBe(4);
    expect(matchFaq([all, own], '團購', 8)?.id).toBe(3);

    const contains = faq({ id: 5, keyword: '時間' });
    const exact = faq({ id: 6, keyword: '時間', matchMode: 'exact' });
    expect(matchFaq([contains, exact], '時間', null)?.id).toBe(6);

    const short = faq({ id: 7, keyword: '瓦斯' });
    const long = faq({ id: 8, keyword: '瓦斯味' });
    expect(matchFaq([short, long], '聞到瓦斯味', null)?.id).toBe(8);
  });

  it('ignores FAQs that are not maintained and those of another room', () => {
    expect(
      matchFaq([faq({ id: 1, keyword: 'a', status: 'pending' }), faq({ id: 2, keyword: 'a', status: 'notMaintained' })], 'a', 1),
    ).toBeNull();
    expect(matchFaq([faq({ id: 1, keyword: 'a', roomId: 2 })], 'a', 1)).toBeNull();
    expect(matchFaq([faq({ id: 1, keyword: 'a' })], 'b', 1)).toBeNull();
  });
});

describe('reply token freshness', () => {
  it('is fresh only within the window', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(replyTokenFresh(at, new Date(at.getTime() + 1000))).toBe(true);
    expect(replyTokenFresh(at, new Date(at.getTime() + REPLY_TOKEN_FRESH_SECONDS * 1000))).toBe(false);
    expect(replyTokenFresh(at, new Date(at.getTime() - 1000))).toBe(false);
  });
});

describe('faqBody', () => {
  it('needs a reply for a maintained FAQ only', () => {
    const bad = faqBody.safeParse({ keyword: 'x', status: 'maintained', reply: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['reply']);
    expect(faqBody.safeParse({ keyword: 'x', status: 'pending' }).success).toBe(true);
    expect(faqBody.parse({ keyword: 'x', reply: 'y' })).toMatchObject({
      matchMode: 'contains',
      priority: 0,
      status: 'maintained',
      roomId: null,
    });
  });
});

describe('lineLocaleOf', () => {
  it('maps a LINE profile language to the language GasOps writes in, Traditional Chinese when unknown', () => {
    expect(
      ['ja', 'ja-JP', 'ms', 'en', 'en-GB', 'zh-CN', 'zh-Hans', 'zh-TW', 'zh-Hant', 'th', '', null, undefined].map(lineLocaleOf),
    ).toEqual(['ja-JP', 'ja-JP', 'ms-MY', 'en-US', 'en-US', 'zh-CN', 'zh-CN', 'zh-TW', 'zh-TW', 'zh-TW', 'zh-TW', 'zh-TW', 'zh-TW']);
  });
});
