/** The files `npm run new:remote` writes (remoteScaffold.ts), as text. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NewRemote } from './remoteScaffold.ts';

/**
 * package.json: version 1.0.0, and the shell's dependency ranges for what a remote shares with
 * it (the share scope's singletons: a remote must be built against the versions the shell runs).
 */
export function packageJson(root: string, remote: NewRemote): string {
  const shell = JSON.parse(readFileSync(path.join(root, 'shell/package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const pkg = {
    name: `@vigil/${remote.folder}`,
    version: '1.0.0',
    private: true,
    license: 'Apache-2.0',
    description: remote.route.label,
    type: 'module',
    scripts: { build: 'rsbuild build', dev: 'rsbuild dev' },
    dependencies: shell.dependencies,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export const rsbuildConfig = ({ folder, container, route }: NewRemote): string => `import { createAppConfig } from '../rsbuild.base';

// Its page and menu entry are declared in vigil-route.json, which the build puts beside the
// manifest and the remotes map serves: the shell shows them with no rebuild (docs/console/adding-a-remote.md).
export default createAppConfig({
  dir: '${folder}',
  federationName: '${container}',
  exposes: { './${route.module}': './src/pages/${route.module}.tsx' },
});
`;

export const pageSource = ({ folder, route }: NewRemote): string => `import { Body1 } from '@fluentui/react-components';
import { PageHeader, useCurrentUser } from '@vigil/shared';

/**
 * /${route.path}, inside the console's layout: ${folder}/vigil-route.json declares the route
 * and its menu entry. The shell provides the theme, the router, the API client and
 * react-query: use @vigil/shared's hooks and UI kit, and react-router's <Routes> for the
 * pages below /${route.path}.
 */
export default function ${route.module}() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <PageHeader title="${route.label}" description="A part of the Vigil console." />
      <Body1>{user ? \`Signed in as \${user.email}.\` : 'Loading…'}</Body1>
    </>
  );
}
`;

export const pageTestSource = ({ route }: NewRemote): string => `// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeApi } from '../../../shared/src/testing/fakeApi';
import ${route.module} from './${route.module}';

// Signed in: the session's stored token, as the shell keeps it.
beforeEach(() => localStorage.setItem('access_token', 'token'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ANN = {
  id: 'u1',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};

it('shows its title and who is signed in', async () => {
  // The real client and hooks, over a fake server behind fetch.
  const api = fakeApi((request) => (request.path === '/api/v1/users/me' ? { body: ANN } : undefined));
  api.render(<${route.module} />);
  expect(screen.getByRole('heading', { level: 1, name: '${route.label}' })).toBeTruthy();
  expect(await screen.findByText('Signed in as ann@example.com.')).toBeTruthy();
});
`;

/** The files every remote has the same. */
export const STATIC_FILES: Record<string, string> = {
  'tsconfig.json': `{
  "extends": "../tsconfig.base.json",
  "compilerOptions": {
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "jsx": "react-jsx",
    "noEmit": true,
    "types": []
  },
  "include": ["src", "rsbuild.config.ts", "../shared/src/env.d.ts"]
}
`,
  'src/index.ts': `// A remote is loaded through its manifest; this entry only makes \`npm run dev\` of it alone work.
import('./bootstrap');
`,
  'src/bootstrap.tsx': `// Nothing to mount: this remote's pages render inside the shell, which owns every provider.
export {};
`,
};

/** Its service in docker-compose.yml: the shared remote definition, its image, build arguments and volume. */
export function composeService({ folder }: NewRemote, version: string): string {
  const variable = `VIGIL_${folder.replaceAll('-', '_').toUpperCase()}_VERSION`;
  return `  ${folder}:
    <<: *remote
    image: \${VIGIL_IMAGE_PREFIX:-vigil}/${folder}:\${${variable}:-${version}}
    build:
      <<: *remote-build
      args:
        REMOTE: ${folder}
        VERSION: \${${variable}:-${version}}
    volumes:
      - ${folder}:/usr/share/nginx/html/remotes/${folder}
`;
}

/** JSON on one line, spaced as the map's lines are (the values here hold no `":` nor `,"`). */
const oneLine = (value: unknown) => JSON.stringify(value).replaceAll('":', '": ').replaceAll(',"', ', "');

/** vigil-route.json: the page and menu entry the remote declares. */
export const routeFile = ({ route }: NewRemote): string => `${JSON.stringify(route, null, 2)}\n`;

/** Its line in deploy/remotes-map/default.json: one line, which deploy/release.sh rewrites the version in. */
export const mapLine = ({ folder, container, route }: NewRemote, version: string): string =>
  `  "${container}": ${oneLine({ entry: `/remotes/${folder}/${version}/mf-manifest.json`, route })}`;
