//! A parallel map that keeps order: the output never depends on how many
//! cores there are or which thread finished first, so the PDFs stay
//! byte-identical.

/// `f` of every item, on every core, in the items' order. Items are dealt
/// round-robin (item `i` to thread `i % n`), so runs of costly items (the
/// text-heavy record pages at the end of a deal sheet) are shared out.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len());
    if threads <= 1 {
        return items.iter().enumerate().map(|(i, t)| f(i, t)).collect();
    }
    let f = &f;
    let parts: Vec<Vec<R>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..items.len())
                        .step_by(threads)
                        .map(|i| f(i, &items[i]))
                        .collect::<Vec<R>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    // Deal the results back: thread t holds items t, t + n, t + 2n, ...
    let mut iters: Vec<_> = parts.into_iter().map(Vec::into_iter).collect();
    (0..items.len())
        .filter_map(|i| iters[i % threads].next())
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_order() {
        let items: Vec<usize> = (0..1001).collect();
        let out = super::map(&items, |i, v| (i, v * 2));
        assert_eq!(out.len(), items.len());
        for (i, (j, v)) in out.into_iter().enumerate() {
            assert_eq!((i, v), (j, i * 2));
        }
        assert!(super::map(&[] as &[u8], |_, v| *v).is_empty());
    }
}
