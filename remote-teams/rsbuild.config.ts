import { createAppConfig } from '../rsbuild.base';

// Its page and menu entry are declared in vigil-route.json, which the build puts beside the
// manifest and the remotes map serves: the shell shows them with no rebuild (docs/console/adding-a-remote.md).
export default createAppConfig({
  dir: 'remote-teams',
  federationName: 'remote_teams',
  exposes: { './TeamsPage': './src/pages/TeamsPage.tsx' },
});
