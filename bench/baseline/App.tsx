import { NavLink, Route, Routes } from 'react-router';
import { NotesScreen } from './NotesScreen.tsx';
import type { ParentContextStore } from './parent-context.ts';

/** The baseline's shell: the app's navigation, `<main>`, and its one real route, `/`. */
export function App({ parent }: { parent: ParentContextStore }) {
  return (
    <div className="app wide">
      <nav className="app-nav" aria-label="Main navigation">
        <ul>
          <li>
            <NavLink to="/">My notes</NavLink>
          </li>
          <li>
            <NavLink to="/view">All notes</NavLink>
          </li>
          <li>
            <NavLink to="/course">Courses</NavLink>
          </li>
        </ul>
      </nav>
      <main id="main">
        <Routes>
          <Route path="/" element={<NotesScreen parent={parent} />} />
          <Route path="*" element={<p className="hint">Only `/` is part of the baseline.</p>} />
        </Routes>
      </main>
    </div>
  );
}
