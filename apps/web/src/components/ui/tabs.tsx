export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * A row of equal tabs (the profile pages' sections). Tab `id` is `tab-<id>` and controls `panel-<id>`:
 * the page renders the panels with those ids.
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** What the sections are, for screen readers (aria-label of the tablist). */
  label: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          className="tabs__tab"
          aria-selected={selected === tab.id}
          aria-controls={`panel-${tab.id}`}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
