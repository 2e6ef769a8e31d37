import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite + React app: no vanilla-extract plugin; the design system's styles are its
// stylesheet (@studio/ui/style.css).
export default defineConfig({ plugins: [react()] });
