import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '@/components/loading-status.tsx';
import { ScreenHeading } from '@/components/screen-heading.tsx';
import { importWhenOnline } from '@/lib/import-when-online.ts';
import { focusPageHeading } from '@/lib/page-focus.ts';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { TemplateList } from './template-list.tsx';

/**
 * The editor, with the rich-text editor of its e-Mail tab (tiptap, ProseMirror: half of the screen's code), is
 * fetched when a template is first opened: the list comes without it.
 */
const TemplateEditor = lazy(async () => ({
  default: (await importWhenOnline(() => import('./template-editor.tsx'))).TemplateEditor,
}));

/** Search parameter holding the selected template, so a reload reopens its editor (doc 2 §2: no own route). */
export const TEMPLATE_PARAM = 'template';

/**
 * /admin/adhoc-campaigns: the template list, or the editor of the selected template in its place. The editor has
 * the screen's heading too (for screen readers; the list's is visible).
 */
export function AdhocPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get(TEMPLATE_PARAM));
  const editing = Number.isSafeInteger(selected) && selected > 0 ? selected : null;
  const area = useRef<HTMLDivElement>(null);
  useFocusOnSwap(area, editing);
  const open = (id: number | null, tab?: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('tab');
      if (tab) next.set('tab', tab);
      if (id === null) next.delete(TEMPLATE_PARAM);
      else next.set(TEMPLATE_PARAM, String(id));
      return next;
    });

  return (
    <DialogsProvider>
      <div ref={area}>
        {editing !== null ? (
          <>
            <ScreenHeading screen="adhoc" />
            <Suspense fallback={<LoadingStatus label="Loading the template editor…" />}>
              <TemplateEditor key={editing} id={editing} onClose={() => open(null)} />
            </Suspense>
          </>
        ) : (
          <TemplateList onOpen={open} />
        )}
      </div>
    </DialogsProvider>
  );
}

/**
 * The list and an editor replace each other, taking away the button that was pressed (Edit, New Template, Return
 * to the list, or Back): the focus would fall to the page. It goes to the editor's heading when one opens, and back
 * to the template's Edit button in the list when it closes (the list's heading if that row is not shown).
 */
function useFocusOnSwap(area: RefObject<HTMLDivElement | null>, editing: number | null) {
  const shown = useRef(editing);
  useEffect(() => {
    const closed = shown.current;
    shown.current = editing;
    const element = area.current;
    if (closed === editing || !element) return;
    const active = document.activeElement;
    if (active && active !== document.body && element.contains(active)) return;
    const editButton =
      editing === null && closed !== null
        ? element.querySelector<HTMLElement>(
            `[data-testid="adhoc-row-${closed}"] button[aria-label^="Edit "]`,
          )
        : null;
    if (editButton) editButton.focus();
    else focusPageHeading(element);
  }, [area, editing]);
}
