import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firstScreenShown } from './app/firstScreen';
import { chooseLanguage, currentLanguage, loadCatalogue } from './lib/i18n';
import { suppressRendererErrors } from './components/three/rendererErrors';
import { registerServiceWorker } from './lib/serviceWorker';
import './app/theme.css';

suppressRendererErrors();
registerServiceWorker();

const root = document.getElementById('root')!;
// A shopper who chose Hindi gets its catalogue before the first render: no English flashes first.
const language = currentLanguage();
// Should its chunk fail to load (offline), each text falls back to English rather than the app never starting.
const catalogue = loadCatalogue(language).then(
  () => chooseLanguage(language),
  () => undefined,
);
void Promise.all([firstScreenShown(root), catalogue]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
