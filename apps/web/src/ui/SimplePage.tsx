import type { ReactNode } from 'react';
import { Brand } from './Brand';

/** A plain card page for the small screens (Clock, Update, Banned, Verification, join errors). */
export function SimplePage({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <main className="simple-page" data-testid={testId}>
      <Brand />
      <section className="card simple-page__card">
        <h1 className="simple-page__title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
