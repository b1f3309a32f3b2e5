import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Dialog = { kind: 'alert' | 'confirm'; title: string; message: string; confirmLabel?: string };

interface Dialogs {
  /** A blocking message the operator acknowledges (the specification's alerts). */
  alert: (message: string, title?: string) => Promise<void>;
  /** A yes/no question; resolves true when confirmed. */
  confirm: (message: string, options?: { title?: string; confirmLabel?: string }) => Promise<boolean>;
}

const DialogsContext = createContext<Dialogs | null>(null);

/** Alerts and confirmations of the ad hoc screens, as Mantine modals instead of the browser's own boxes. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const resolver = useRef<(ok: boolean) => void>(() => undefined);

  const close = useCallback((ok: boolean) => {
    setDialog(null);
    resolver.current(ok);
  }, []);

  const value = useMemo<Dialogs>(
    () => ({
      alert: (message, title = 'Notice') =>
        new Promise<void>((resolve) => {
          resolver.current = () => resolve();
          setDialog({ kind: 'alert', title, message });
        }),
      confirm: (message, options) =>
        new Promise<boolean>((resolve) => {
          resolver.current = resolve;
          setDialog({
            kind: 'confirm',
            title: options?.title ?? 'Please confirm',
            message,
            confirmLabel: options?.confirmLabel,
          });
        }),
    }),
    [],
  );

  return (
    <DialogsContext.Provider value={value}>
      {children}
      <Modal
        opened={dialog !== null}
        onClose={() => close(false)}
        title={<Text fw={700}>{dialog?.title}</Text>}
        centered
        data-testid="adhoc-dialog"
      >
        <Text style={{ whiteSpace: 'pre-wrap' }} role={dialog?.kind === 'alert' ? 'alert' : undefined}>
          {dialog?.message}
        </Text>
        <Group justify="flex-end" mt="lg">
          {dialog?.kind === 'confirm' && (
            <Button variant="default" onClick={() => close(false)}>
              Cancel
            </Button>
          )}
          <Button onClick={() => close(true)} data-autofocus>
            {dialog?.kind === 'confirm' ? (dialog.confirmLabel ?? 'Yes') : 'OK'}
          </Button>
        </Group>
      </Modal>
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogsProvider');
  return dialogs;
}
