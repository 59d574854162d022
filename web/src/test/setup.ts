// IndexedDB for every file alike: with one module graph per worker (isolate: false), a store module made before
// some file installed it would otherwise differ by the order files ran in.
import 'fake-indexeddb/auto';
import './relativeRequest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearSession } from '../lib/tokens';
import { chooseLanguage } from '../lib/i18n';

// findBy* and waitFor wait 1 s by default; CI runs these beside the Rust, browser and fuzz suites on two
// cores, where a page that takes 0.2 s alone has taken over a second. The wait ends as soon as the page is right.
configure({ asyncUtilTimeout: 5_000 });

/** Empties every IndexedDB store (the stored pictures, the offline cart): a test starts with none of another's. */
async function emptyIndexedDb(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const stores = [...db.objectStoreNames];
    if (stores.length > 0) {
      const tx = db.transaction(stores, 'readwrite');
      for (const store of stores) tx.objectStore(store).clear();
      await new Promise((resolve) => (tx.oncomplete = resolve));
    }
    db.close();
  }
}

afterEach(async () => {
  cleanup();
  await emptyIndexedDb();
  clearSession();
  chooseLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
