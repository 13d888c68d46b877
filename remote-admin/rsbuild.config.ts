import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-admin',
  federationName: 'remote_admin',
  port: 3003,
  exposes: { './AdminPage': './src/pages/AdminPage.tsx' },
});
