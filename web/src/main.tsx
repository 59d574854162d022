import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firstScreenShown } from './app/firstScreen';
import { suppressRendererErrors } from './components/three/rendererErrors';
import { registerServiceWorker } from './lib/serviceWorker';
import './app/theme.css';

suppressRendererErrors();
registerServiceWorker();

const root = document.getElementById('root')!;
void firstScreenShown(root).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
