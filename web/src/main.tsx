import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { suppressRendererErrors } from './components/three/rendererErrors';
import { registerServiceWorker } from './lib/serviceWorker';
import './app/theme.css';

suppressRendererErrors();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
