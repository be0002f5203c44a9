/**
 * A list of plug-ins of one kind (booking subscribers, channels…), filled once at start-up by
 * server/plug-ins.ts. The core reads it and names none of its entries; a second entry with the same
 * name replaces the first, so plugging in twice is harmless.
 */
export class Registry<Entry extends { name: string }> {
  readonly #entries: Entry[] = []

  /** Plugs an entry in; returns how to unplug it. */
  plugIn(entry: Entry): () => void {
    const at = this.#entries.findIndex((e) => e.name === entry.name)
    if (at >= 0) this.#entries[at] = entry
    else this.#entries.push(entry)
    return () => {
      const index = this.#entries.indexOf(entry)
      if (index >= 0) this.#entries.splice(index, 1)
    }
  }

  /** The entries plugged in, in the order they were. */
  all(): readonly Entry[] {
    return this.#entries
  }
}
