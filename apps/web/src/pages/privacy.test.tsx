import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBytes, PROJECT_LIMITS, STORAGE_LIMITS } from '@/lib/contract';
import { renderInApp } from '@/test/render-app';
import { PrivacyPage } from './privacy';

describe('the privacy policy', () => {
  it('says what is kept, how much and how long, from the limits the server applies', () => {
    renderInApp(<PrivacyPage />, '/privacy');
    const links = screen.getByRole('navigation', { name: 'Contents' }).querySelectorAll('a');
    expect(links).toHaveLength(12);
    const retention = document.getElementById('data-retention')?.textContent ?? '';
    const { quotaBytes, imageLongSide, maxStateBytes } = STORAGE_LIMITS;
    for (const claim of [
      `${formatBytes(quotaBytes.free)} on the free plan and ${formatBytes(quotaBytes.pro)} on a paid plan`,
      'your projects and the images waiting for their video count against your account’s storage',
      `Images are kept at most ${imageLongSide} pixels on their long side`,
      `stroke edits take at most ${formatBytes(maxStateBytes)}`,
      `until ${PROJECT_LIMITS.keptDays} days after its last change`,
    ]) {
      expect(retention).toContain(claim);
    }
  });
});
