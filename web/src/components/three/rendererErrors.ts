// The spec: errors from the 3D renderer whose message mentions Object.keys or
// converting undefined or null to an object are suppressed with a warning and
// not shown. (Kept apart from the viewer so the app installs the filter at
// start-up without loading three.js.)
const RENDERER_NOISE = /Object\.keys|convert(?:ing)? undefined or null to (?:an )?object/i;

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return undefined;
}

/** Whether an error is the renderer's known noise. */
export function isRendererNoise(error: unknown): boolean {
  const message = messageOf(error);
  return message !== undefined && RENDERER_NOISE.test(message);
}

/**
 * Turns uncaught renderer noise (window 'error' and 'unhandledrejection') into
 * a console warning; every other error is left alone. Returns the uninstaller.
 */
export function suppressRendererErrors(target: EventTarget = window): () => void {
  const quieten = (e: Event, error: unknown) => {
    if (!isRendererNoise(error)) return;
    e.preventDefault();
    console.warn('3D view (suppressed):', messageOf(error));
  };
  const onError = (e: Event) => quieten(e, (e as ErrorEvent).error ?? (e as ErrorEvent).message);
  const onRejection = (e: Event) => quieten(e, (e as PromiseRejectionEvent).reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
