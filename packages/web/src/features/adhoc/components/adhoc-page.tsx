import { useSearchParams } from 'react-router';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { TemplateEditor } from './template-editor.tsx';
import { TemplateList } from './template-list.tsx';

/** Search parameter holding the selected template, so a reload reopens its editor (doc 2 §2: no own route). */
export const TEMPLATE_PARAM = 'template';

/** /admin/adhoc-campaigns: the template list, or the editor of the selected template in its place. */
export function AdhocPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get(TEMPLATE_PARAM));
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
      {Number.isSafeInteger(selected) && selected > 0 ? (
        <TemplateEditor key={selected} id={selected} onClose={() => open(null)} />
      ) : (
        <TemplateList onOpen={open} />
      )}
    </DialogsProvider>
  );
}
