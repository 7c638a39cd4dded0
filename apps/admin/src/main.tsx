import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root')!);

// Texts first, so the first paint is in the operator's language rather than raw keys.
initI18n()
  .catch((error: unknown) => console.error('i18n init failed', error))
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
