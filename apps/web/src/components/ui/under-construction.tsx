import { ToolsIcon } from './icons';

/** Honest placeholder for a section that has not been built yet (no invented data). */
export function UnderConstruction() {
  return (
    <section className="card empty-state">
      <span className="empty-state__icon">
        <ToolsIcon />
      </span>
      <p className="empty-state__text">Esta sección está en construcción.</p>
    </section>
  );
}
