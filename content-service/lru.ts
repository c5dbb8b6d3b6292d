// A byte-bounded LRU for transformed image variants: repeated page loads hit memory instead of
// sharp, while a crawl over many sizes cannot grow the process without limit.

export class ByteLru<V extends { byteLength: number }> {
  private map = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly maxBytes: number, private readonly maxEntries = 1000) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  set(key: string, value: V): void {
    if (value.byteLength > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.byteLength;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.byteLength;
    while (this.bytes > this.maxBytes || this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.bytes -= this.map.get(oldest.value)!.byteLength;
      this.map.delete(oldest.value);
    }
  }

  get size(): number {
    return this.map.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
