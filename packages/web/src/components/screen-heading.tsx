import { SCREENS } from '@psps/contracts';
import classes from './screen-heading.module.css';

/**
 * The heading of a screen that shows no title of its own (the dashboard, the report screens): its menu label, as
 * the top bar shows it, for screen readers only. The focus goes to it when the screen opens (`focusPageHeading`),
 * and heading navigation finds every screen by its name.
 */
export function ScreenHeading({ screen }: { screen: string }) {
  const label = SCREENS.find((s) => s.key === screen)?.label;
  return label ? (
    <h2 className={classes.hidden} data-testid="screen-heading">
      {label}
    </h2>
  ) : null;
}
