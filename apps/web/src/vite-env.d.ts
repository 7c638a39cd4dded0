/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional API origin (e.g. https://api.example.com). Unset: the page's own origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
