/// <reference types="vite/client" />

/** Development-only React Fast Refresh preamble from @vitejs/plugin-react (empty in builds). */
declare module '@vitejs/plugin-react/preamble';
