import { describe, expect, it } from 'vitest';
import { isSvgFile, previewSize } from './svgLogo';

describe('SVG logos in the browser', () => {
  it('knows an SVG by its type, or by its name when it has none', () => {
    expect(isSvgFile({ type: 'image/svg+xml', name: 'logo' })).toBe(true);
    expect(isSvgFile({ type: '', name: 'LOGO.SVG' })).toBe(true);
    expect(isSvgFile({ type: 'image/png', name: 'logo.svg' })).toBe(false);
  });

  it('draws the preview 1024 pixels on the long side, in the logo’s proportions', () => {
    expect(previewSize(3600, 1800)).toEqual({ width: 1024, height: 512 });
    expect(previewSize(900, 3600)).toEqual({ width: 256, height: 1024 });
  });
});
