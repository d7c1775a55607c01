// The routing API of the shell and the remotes: the few React Router exports they use, shared as one federated
// singleton. Sharing react-router itself ships the whole package (about 65 KB gzip: data routers, server rendering)
// on every first load, because a shared package cannot be tree-shaken; this entry is (about 16 KB). Import routing
// from here only: a direct react-router(-dom) import would bundle a second router with its own context.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router-dom";
