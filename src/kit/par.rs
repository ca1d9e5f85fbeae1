//! A parallel map that keeps order: the output never depends on how many
//! cores there are or which thread finished first, so the PDFs stay
//! byte-identical.

/// How many threads [`map`] shares items among (at most): the cores this
/// process may run on, asked once (std reads the cgroup's files every time
/// it is asked: 1.4% of a 52-card kit, asked in every parallel step).
pub fn threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// How many threads `work` is worth (at most [`threads`], at least one),
/// each to take at least `share` of it. A thread costs its start (a stack
/// mapped and faulted in, a malloc arena of its own) and a wake-up to join
/// it, some 0.1-0.2 ms in all: a step that takes less than that is faster on
/// the calling thread alone (a 52-card kit ran 1-1.5 ms faster on one core
/// than with its six threads).
pub fn threads_for(work: usize, share: usize) -> usize {
    threads().min(work / share.max(1)).max(1)
}

/// `f` of every item, on every core, in the items' order. Items are dealt
/// round-robin (item `i` to thread `i % n`), so runs of costly items (the
/// text-heavy record pages at the end of a deal sheet) are shared out.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    map_on(threads(), items, f)
}

/// [`map`] on `threads` threads at most (see [`threads_for`]).
pub fn map_on<T: Sync, R: Send>(
    threads: usize,
    items: &[T],
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let mut units = vec![(); threads.max(1)];
    map_with(&mut units, items, |_, i, t| f(i, t))
}

/// [`map`] with a state for each thread (`states[t]` for thread `t`, as many
/// threads as states at most), kept by the caller from one call to the next:
/// a buffer or a compressor allocated once, not by every thread of every call
/// (which left the malloc arenas holding more or less from run to run).
pub fn map_with<S: Send, T: Sync, R: Send>(
    states: &mut [S],
    items: &[T],
    f: impl Fn(&mut S, usize, &T) -> R + Sync,
) -> Vec<R> {
    let threads = states.len().min(items.len());
    if threads <= 1 {
        let Some(s) = states.first_mut() else {
            return Vec::new();
        };
        return items.iter().enumerate().map(|(i, t)| f(s, i, t)).collect();
    }
    let f = &f;
    let share = move |t: usize, s: &mut S| -> Vec<R> {
        (t..items.len())
            .step_by(threads)
            .map(|i| f(s, i, &items[i]))
            .collect()
    };
    // The calling thread takes the first share itself: one thread fewer to
    // start (and to wake at the end) in every call.
    let parts: Vec<Vec<R>> = std::thread::scope(|scope| {
        let (first, rest) = states[..threads].split_at_mut(1);
        let handles: Vec<_> = rest
            .iter_mut()
            .enumerate()
            .map(|(t, s)| scope.spawn(move || share(t + 1, s)))
            .collect();
        let mut parts = vec![share(0, &mut first[0])];
        parts.extend(
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
        );
        parts
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

    #[test]
    fn map_with_keeps_order_and_each_threads_state() {
        let items: Vec<usize> = (0..1001).collect();
        // Each state counts the items its thread took.
        let mut counts = vec![0usize; 3];
        let out = super::map_with(&mut counts, &items, |n, i, v| {
            *n += 1;
            (i, v * 2)
        });
        for (i, (j, v)) in out.into_iter().enumerate() {
            assert_eq!((i, v), (j, i * 2));
        }
        assert_eq!(counts, [334, 334, 333]);
        assert!(super::map_with(&mut [] as &mut [u8], &items, |_, _, v| *v).is_empty());
    }

    /// Small work stays on the calling thread; large work is shared out,
    /// never on more threads than there are cores.
    #[test]
    fn threads_for_small_and_large_work() {
        assert_eq!(super::threads_for(12, 24), 1);
        assert_eq!(super::threads_for(0, 0), 1);
        assert_eq!(super::threads_for(1 << 40, 24), super::threads());
        let out = super::map_on(1, &[1, 2, 3], |i, v| i * 10 + v);
        assert_eq!(out, [1, 12, 23]);
    }
}
