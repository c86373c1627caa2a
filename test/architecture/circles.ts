// Import circles: the strongly connected components of a directed graph (Tarjan, one depth-first pass)
// that hold more than one node, or one node that reaches itself.

/**
 * Every circle of `next`, each as its nodes in the order the search closed them; nodes and circles
 * come in a stable order (the map's key order), so a failure message reads the same on every run.
 */
export function circles(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>(); // when the search first reached a node
  const low = new Map<string, number>(); // the earliest node on the stack it reaches back to
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const visit = (v: string): void => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
    }
    // v is the root of a component: everything above it on the stack belongs to it.
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component);
    }
  };

  for (const v of next.keys()) if (!order.has(v)) visit(v);
  return found;
}
