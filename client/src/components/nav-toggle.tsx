import { useUi, useUiStore } from '../lib/ui-state';

/**
 * spec §3/§4: the navigation-shown flag, toggled. It hides the member area's side menu (the element
 * `controls` names), giving wide lists the page; while hidden, the bar names the page (inner title).
 */
export function NavToggle({ controls }: { controls: string }) {
  const ui = useUi();
  const store = useUiStore();
  return (
    <p className="user-nav-bar">
      <button
        type="button"
        className="button button-small"
        aria-expanded={ui.navShown}
        aria-controls={controls}
        onClick={() => store.update({ navShown: !ui.navShown })}
      >
        {ui.navShown ? '收起菜单' : '展开菜单'}
      </button>
      {!ui.navShown && ui.innerTitle ? <span className="user-nav-title">{ui.innerTitle}</span> : null}
    </p>
  );
}
