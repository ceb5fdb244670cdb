// Opens the two-factor screen from anywhere in the signed-in app (the user menu, Settings).
type Listener = () => void;
const listeners = new Set<Listener>();

export function openTwoFactor(): void {
  for (const listener of listeners) listener();
}

export function onOpenTwoFactor(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
