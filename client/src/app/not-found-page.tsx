import { NotFound } from '../components/not-found';

/** `/404`: its loader answers 404, so the root error boundary shows this same page with that status. */
export function Component() {
  return <NotFound />;
}
