import { createAppConfig } from '../rsbuild.base';

// Shipped as another team would: its route and menu entry are declared in vigil-route.json,
// which the build puts beside the manifest and the remotes map serves (docs/console/adding-a-remote.md).
export default createAppConfig({
  dir: 'remote-oncall',
  federationName: 'remote_oncall',
  exposes: { './OnCallPage': './src/pages/OnCallPage.tsx' },
});
