import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DesignDetails } from './DesignDetails';

const base = { materialQuality: 'Standard', printQuality: 'Standard', color: 'white', colorHex: '#ffffff', quantity: { s: 0, m: 25, l: 0, xl: 0, xxl: 0 } };

describe('DesignDetails', () => {
  it('calls a design with nothing printed a standard design', () => {
    render(<DesignDetails design={{ ...base, elements: 0, printAreas: [] }} />);
    expect(screen.getByText('Standard design')).toBeTruthy();
  });

  it('describes a design that prints only names and numbers by where it prints them', () => {
    render(<DesignDetails design={{ ...base, elements: 0, printAreas: ['Back'] }} />);
    expect(screen.queryByText('Standard design')).toBeNull();
    expect(screen.getByText('Print Area').nextElementSibling?.textContent).toBe('Back');
  });
});
