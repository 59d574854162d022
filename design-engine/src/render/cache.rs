//! A tiny least-recently-used cache: the renderer keeps a handful of laid-out
//! texts and ready-to-blit sprites, so moving an element redraws nothing.

pub struct Lru<K, V> {
    capacity: usize,
    entries: Vec<(K, V)>,
}

impl<K: PartialEq, V: Clone> Lru<K, V> {
    pub fn new(capacity: usize) -> Self {
        Lru {
            capacity,
            entries: Vec::with_capacity(capacity),
        }
    }

    /// The cached value for `key`, or `make`'s (then cached, evicting the oldest).
    pub fn get_or_try<E>(&mut self, key: K, make: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        if let Some(pos) = self.entries.iter().position(|(k, _)| *k == key) {
            let hit = self.entries.remove(pos);
            let value = hit.1.clone();
            self.entries.push(hit);
            return Ok(value);
        }
        let value = make()?;
        if self.entries.len() >= self.capacity {
            self.entries.remove(0);
        }
        self.entries.push((key, value.clone()));
        Ok(value)
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recent_entries() {
        let mut lru: Lru<u8, u8> = Lru::new(2);
        let mut made = 0;
        let mut get = |lru: &mut Lru<u8, u8>, k| {
            lru.get_or_try::<()>(k, || {
                made += 1;
                Ok(k * 10)
            })
            .unwrap()
        };
        assert_eq!(get(&mut lru, 1), 10);
        get(&mut lru, 2);
        get(&mut lru, 1); // 1 is now the most recent
        get(&mut lru, 3); // evicts 2
        get(&mut lru, 1);
        get(&mut lru, 2);
        assert_eq!(made, 4);
    }
}
