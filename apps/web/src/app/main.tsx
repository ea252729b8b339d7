import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startSessionCheck } from '../features/auth/session-check';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter, preloadRoute } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const queryClient = createQueryClient();
const router = createAppRouter();

/** How long the first render waits at most; past that it shows the loading states of what is still on its way. */
const FIRST_RENDER_WAIT_MS = 1500;

// The stored session's check, the first screen's code and (signed in) its data are all asked for now, together,
// and the first render waits for them: it then shows that screen whole, instead of a spinner per step, each one
// replaced by the next once its part arrives.
const ready = Promise.race([
  Promise.all([startSessionCheck(), preloadRoute(window.location.pathname, queryClient)]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);

void ready.then(() => {
  const app = createRoot(root);
  // Rendered as a transition: React works in small steps, leaving the page responsive while it builds the screen.
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
