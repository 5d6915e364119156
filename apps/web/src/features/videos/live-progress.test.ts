import type { Video } from '@rasma/contract';
import { describe, expect, it } from 'vitest';
import { isNewEnding, withLiveProgress, type LiveProgress } from './live-progress';

const listed = { id: 'a', status: 'processing', progress: 10, title: 'A' } as Video;

describe('withLiveProgress', () => {
  it("lays the latest streamed status and progress over a listed video's", () => {
    const live: LiveProgress = new Map([['a', { status: 'completed', progress: 100 }]]);
    expect(withLiveProgress([listed], live)).toEqual([
      { ...listed, status: 'completed', progress: 100 },
    ]);
    expect(withLiveProgress([listed], new Map())).toEqual([listed]);
  });
});

describe('isNewEnding', () => {
  const event = (status: Video['status']) =>
    ({ type: 'videoProgress', videoId: 'a', progress: 100, status }) as const;

  it('is a completion or failure not heard before', () => {
    expect(isNewEnding(new Map(), event('completed'))).toBe(true);
    expect(
      isNewEnding(new Map([['a', { status: 'processing', progress: 90 }]]), event('failed')),
    ).toBe(true);
    expect(
      isNewEnding(new Map([['a', { status: 'completed', progress: 100 }]]), event('completed')),
    ).toBe(false);
    expect(isNewEnding(new Map(), event('processing'))).toBe(false);
  });
});
