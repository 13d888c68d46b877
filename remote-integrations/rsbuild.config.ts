import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-integrations',
  federationName: 'remote_integrations',
  exposes: { './IntegrationsPage': './src/pages/IntegrationsPage.tsx' },
});
