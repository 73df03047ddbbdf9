/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';

/** A page that says one thing instead of the deck: the link is gone, or it failed to load. */
export function ClientViewMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ComponentChildren;
}) {
  return (
    <section class="cv-message">
      <h1 class="cv-title">{title}</h1>
      <p>{message}</p>
      {children}
    </section>
  );
}
