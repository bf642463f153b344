// The shared react-router-dom is the data router's client API only: a build that asks for more fails, naming it.
import { describe, expect, it } from 'vitest';
import { missingRouterNames, routerClientNames } from './router-client.js';

describe('the shared react-router-dom', () => {
  const provided = routerClientNames();

  it('provides what the pages use and leaves out the component routers', () => {
    for (const name of ['Link', 'NavLink', 'RouterProvider', 'createBrowserRouter', 'useLoaderData', 'useNavigate', 'redirect', 'data']) expect(provided).toContain(name);
    for (const name of ['Routes', 'Route', 'BrowserRouter', 'MemoryRouter', 'useRoutes', 'Await']) expect(provided).not.toContain(name);
  });

  it('names each value imported that it lacks, across lines and renames; types are not asked of it', () => {
    const code = `import { Link, Routes as R,\n  useRoutes, type RouteObject } from 'react-router-dom';\nimport type { Navigation } from "react-router-dom";\nexport { MemoryRouter } from 'react-router-dom';`;
    expect(missingRouterNames(code, provided)).toEqual(['Routes', 'useRoutes', 'MemoryRouter']);
    expect(missingRouterNames(`import { Link, useNavigate } from 'react-router-dom';`, provided)).toEqual([]);
  });
});
