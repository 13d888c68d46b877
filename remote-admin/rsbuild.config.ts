import { createAppConfig } from '../rsbuild.base';

export default createAppConfig({
  dir: 'remote-admin',
  federationName: 'remote_admin',
  exposes: { './AdminPage': './src/pages/AdminPage.tsx' },
});
