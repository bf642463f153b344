import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';

export default defineConfig(({ command }) =>
  federatedApp(
    {
      name: 'inbox',
      port: ports.inbox,
      exposes: {
        // Every address of the inbox (/inbox, /inbox/:id, /inbox/new?listing=…) is this one page.
        './inbox-page': './src/exposed/inbox-page.tsx',
        // Notifications and e-mail settings (issue 27), and an e-mail's unsubscribe link.
        './notifications-page': './src/exposed/notifications-page.tsx',
        './unsubscribe-page': './src/exposed/unsubscribe-page.tsx',
      },
      // A returning user's first page, composed by the shell's server (decisions 018, 019).
      serverPages: ['./inbox-page', './notifications-page', './unsubscribe-page'],
    },
    { command },
  ),
);
