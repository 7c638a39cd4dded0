// First: lets antd-mobile's Toast and Dialog render on React 19 (see the file).
import './lib/antd-react19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root')!);

// Texts first, so the first paint is in the trader's language rather than raw keys.
// If a language chunk cannot be fetched, start anyway: English is bundled.
initI18n()
  .catch((error: unknown) => console.error('i18n init failed', error))
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
