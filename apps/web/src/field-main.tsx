import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { GlobalLoadingBar } from './app/global-loading-bar';
import { startI18n } from './app/i18n';
import './app/global.css';
import { fieldRouter } from './app/field-router';
import { queryClient } from './app/query-client';
import { reloadOnStaleChunks } from './app/stale-chunks';
import { Toasts } from './modules/field/toasts';

/*
 * The field app's entry (field.html: /mobile/…, /MobileCylinderMaintenance; issue 13): React, the
 * router and TanStack Query (the same vendor chunks as the main entry), the field messages, the
 * field kit's toasts, and no antd: ≤ 200 KB of gzip JavaScript before the scanner is opened.
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from field.html');

reloadOnStaleChunks();

// The first render waits for the active language's field messages (one small chunk): no raw keys on screen.
void startI18n('field').then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <GlobalLoadingBar />
        <Toasts />
        <RouterProvider router={fieldRouter} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
