import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRendererNoise, suppressRendererErrors } from './rendererErrors';

function errorEvent(error: unknown): ErrorEvent {
  return new ErrorEvent('error', { error, message: error instanceof Error ? error.message : String(error), cancelable: true });
}

function rejection(reason: unknown): PromiseRejectionEvent {
  const e = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
  Object.defineProperty(e, 'reason', { value: reason });
  return e;
}

describe('3D renderer error suppression', () => {
  // A stand-in for window (jsdom reports unprevented error events on window to the test runner).
  let target: EventTarget;
  let uninstall: (() => void) | undefined;
  beforeEach(() => (target = new EventTarget()));
  afterEach(() => uninstall?.());

  it('knows the noise by its message', () => {
    expect(isRendererNoise(new TypeError('Cannot convert undefined or null to object'))).toBe(true);
    expect(isRendererNoise(new TypeError("Object.keys called on non-object"))).toBe(true);
    expect(isRendererNoise('converting undefined or null to an object failed')).toBe(true);
    expect(isRendererNoise(new Error('Failed to load 3D model'))).toBe(false);
    expect(isRendererNoise(undefined)).toBe(false);
  });

  it('turns uncaught noise into a warning and leaves other errors alone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    uninstall = suppressRendererErrors(target);

    const noise = errorEvent(new TypeError('Cannot convert undefined or null to object'));
    target.dispatchEvent(noise);
    expect(noise.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledWith('3D view (suppressed):', 'Cannot convert undefined or null to object');

    const rejected = rejection(new TypeError('Object.keys called on non-object'));
    target.dispatchEvent(rejected);
    expect(rejected.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);

    const other = errorEvent(new Error('Something else broke'));
    const otherRejection = rejection(new Error('Network down'));
    target.dispatchEvent(other);
    target.dispatchEvent(otherRejection);
    expect(other.defaultPrevented).toBe(false);
    expect(otherRejection.defaultPrevented).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('can be uninstalled', () => {
    uninstall = suppressRendererErrors(target);
    uninstall();
    const noise = errorEvent(new TypeError('Cannot convert undefined or null to object'));
    target.dispatchEvent(noise);
    expect(noise.defaultPrevented).toBe(false);
  });
});
