import type { ReactNode } from 'react';
import { Card, Spinner } from '../../../components/index.ts';

export type IntegrationsScreenProps = {
  /** Right pane: the action's content (callback form, a wallet, or the word 'default'). */
  children: ReactNode;
  /** Left pane shows a spinner instead of 'nothing' while its list loads. */
  isLoading?: boolean;
  /** Left pane content once there is something to list; 'nothing' otherwise. */
  sidebar?: ReactNode;
};

/** The integrations layout: 'Integrations' on the left, the action on the right (two columns from md). */
export function IntegrationsScreen({ children, isLoading = false, sidebar }: IntegrationsScreenProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[16rem_1fr]">
      <Card>
        <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Integrations</h1>
        <div className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {isLoading ? <Spinner /> : (sidebar ?? <p>nothing</p>)}
        </div>
      </Card>
      <div>{children}</div>
    </div>
  );
}
