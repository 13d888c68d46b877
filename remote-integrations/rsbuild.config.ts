import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-integrations',
  federationName: 'remote_integrations',
  port: 3002,
  exposes: { './IntegrationsPage': './src/pages/IntegrationsPage.tsx' },
});
