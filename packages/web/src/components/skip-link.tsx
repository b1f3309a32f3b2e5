import classes from './skip-link.module.css';

/**
 * 'Skip to content': the first Tab stop of every signed-in screen, shown when focused. It moves the focus past the
 * top bar and the menu to the screen's heading (`onSkip`), without changing the address as a bare `#…` link would.
 */
export function SkipLink({ target, onSkip }: { target: string; onSkip: () => void }) {
  return (
    <a
      href={`#${target}`}
      className={classes.skipLink}
      onClick={(e) => {
        e.preventDefault();
        onSkip();
      }}
    >
      Skip to content
    </a>
  );
}
