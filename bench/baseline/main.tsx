/**
 * The bench's peer baseline (issue 8): the app's first screen written against React 19,
 * react-dom and react-router, started the way the app starts — the handshake first, then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { startParentContext } from './parent-context.ts';

const parent = startParentContext();
const root = document.getElementById('app');
if (root)
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App parent={parent} />
      </BrowserRouter>
    </StrictMode>,
  );
