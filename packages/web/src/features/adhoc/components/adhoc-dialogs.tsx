import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

/** cautious: the focus starts on Cancel (a second Enter must not confirm what the operator was warned of). */
type ConfirmOptions = { title?: string; confirmLabel?: string; cautious?: boolean };

/** destructive: the focus starts on Cancel and the confirm button is red; cautious: only the focus. */
type Dialog = {
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  confirmLabel?: string;
  destructive?: boolean;
  cautious?: boolean;
};

interface Dialogs {
  /** A blocking message the operator acknowledges (the specification's alerts). */
  alert: (message: string, title?: string) => Promise<void>;
  /** A yes/no question; resolves true when confirmed. */
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  /**
   * A question before a delete, confirmed by 'Delete'. The focus starts on Cancel: the Enter that pressed a Delete
   * icon must not delete with a second press (a confirmation of sending keeps the focus on Send).
   */
  confirmDelete: (message: string) => Promise<boolean>;
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

  const value = useMemo<Dialogs>(() => {
    const ask = (dialog: Dialog) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setDialog(dialog);
      });
    return {
      alert: async (message, title = 'Notice') => {
        await ask({ kind: 'alert', title, message });
      },
      confirm: (message, options) =>
        ask({
          kind: 'confirm',
          title: options?.title ?? 'Please confirm',
          message,
          confirmLabel: options?.confirmLabel,
          cautious: options?.cautious,
        }),
      confirmDelete: (message) =>
        ask({ kind: 'confirm', title: 'Please confirm', message, confirmLabel: 'Delete', destructive: true }),
    };
  }, []);

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
            <Button
              variant="default"
              onClick={() => close(false)}
              data-autofocus={dialog.destructive || dialog.cautious || undefined}
            >
              Cancel
            </Button>
          )}
          <Button
            onClick={() => close(true)}
            color={dialog?.destructive ? 'red' : undefined}
            data-autofocus={!(dialog?.destructive || dialog?.cautious) || undefined}
          >
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
