import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageFor } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

preloadPageFor(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
