//! `--shard k/n`: which mutated methods one of `n` runs takes, so that a CI matrix can
//! split a mutation run across machines and `mimic mutate merge` can join the reports.
//!
//! The partition must be the same on every shard, computed by each on its own: it
//! depends only on inputs every shard shares. With a baseline file
//! ([`crate::baseline_file`]) each method's cost is estimated from the file's test times
//! ([`crate::shard_cost`]), and classes go,
//! costliest first, to the shard with the least cost so far (longest-processing-time
//! first): a class's methods stay together, since their tests are mostly the same and
//! a shard's cold test JVMs pay each test class's loading and warm-up again, unless the
//! class costs more than half a shard's fair share (or there are fewer classes than
//! shards): then its methods are dealt out one by one ([`Shard::takes_grouped`]).
//! Without one, each shard measures its own baseline, whose times differ from run to
//! run, so classes are dealt out by their number of mutants alone, in the same greedy
//! way; every tie is broken by the class's name.

use std::fmt;

use crate::error::MutateError;

/// Shard `index` (from 1) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parse `k/n` with `1 ≤ k ≤ n`.
    pub fn parse(text: &str) -> Result<Shard, MutateError> {
        let bad = || {
            MutateError::Usage(format!(
                "--shard {text}: expected k/n with 1 <= k <= n (e.g. 1/2)"
            ))
        };
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Which of the methods (by position, with their estimated costs) this shard takes.
    pub fn takes(&self, costs: &[u64]) -> Vec<bool> {
        partition(costs, self.count)
            .into_iter()
            .map(|s| s == self.index - 1)
            .collect()
    }

    /// The same, keeping the methods of one group (their top-level class) in one shard:
    /// their tests are mostly the same, and a shard's test JVMs start cold, so each test
    /// class first run in a shard costs its loading and warm-up again. A group costing
    /// more than half a shard's fair share ([`SPLIT_SHARE`]) is dealt out method by method
    /// instead: kept whole it would hold one shard back (commons-cli's `CommandLine` is half
    /// the run), split it costs its tests' warm-up in two shards.
    pub fn takes_grouped(&self, costs: &[u64], groups: &[&str]) -> Vec<bool> {
        let mut names: Vec<&str> = groups.to_vec();
        names.sort_unstable();
        names.dedup();
        if names.len() < self.count {
            // Fewer classes than shards: split them rather than leave a shard empty.
            return self.takes(costs);
        }
        let mut group_costs = vec![0u64; names.len()];
        let index: Vec<usize> = groups
            .iter()
            .map(|g| names.binary_search(g).expect("listed"))
            .collect();
        for (i, c) in index.iter().zip(costs) {
            group_costs[*i] += c;
        }
        let total: u64 = costs.iter().sum();
        let limit = total / (SPLIT_SHARE * self.count as u64);
        // Items: the groups within the limit (numbered by name), then each method of the
        // others (numbered after them, in the methods' order).
        let split = |g: usize| group_costs[g] > limit && limit > 0;
        let mut item_costs: Vec<u64> = (0..names.len())
            .map(|g| if split(g) { 0 } else { group_costs[g] })
            .collect();
        let item: Vec<usize> = index
            .iter()
            .zip(costs)
            .map(|(&g, &c)| {
                if split(g) {
                    item_costs.push(c);
                    item_costs.len() - 1
                } else {
                    g
                }
            })
            .collect();
        let taken = self.takes(&item_costs);
        item.iter().map(|&i| taken[i]).collect()
    }
}

/// A group costing more than `1 / SPLIT_SHARE` of a shard's fair share is split.
pub const SPLIT_SHARE: u64 = 2;

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The shard (from 0) of each item: costliest first, each to the shard with the least
/// total so far (the lowest-numbered among equals); ties in cost keep the items' order.
pub fn partition(costs: &[u64], shards: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(costs[i]), i));
    let mut totals = vec![0u64; shards.max(1)];
    let mut out = vec![0; costs.len()];
    for i in order {
        let (shard, _) = totals
            .iter()
            .enumerate()
            .min_by_key(|&(s, t)| (*t, s))
            .expect("at least one shard");
        out[i] = shard;
        totals[shard] += costs[i];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_k_of_n() {
        assert_eq!(Shard::parse("2/3").unwrap(), Shard { index: 2, count: 3 });
        for bad in ["0/2", "3/2", "1", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_item_goes_to_exactly_one_shard_with_balanced_costs() {
        let costs = [90, 10, 40, 40, 30, 5, 5, 60];
        let parts = partition(&costs, 3);
        let mut totals = [0u64; 3];
        for (i, s) in parts.iter().enumerate() {
            totals[*s] += costs[i];
        }
        assert_eq!(totals.iter().sum::<u64>(), costs.iter().sum::<u64>());
        assert!(
            totals.iter().max().unwrap() - totals.iter().min().unwrap() <= 20,
            "{totals:?}"
        );
        // Shards computed apart agree: each item taken once.
        let shards: Vec<Vec<bool>> = (1..=3)
            .map(|k| Shard { index: k, count: 3 }.takes(&costs))
            .collect();
        for i in 0..costs.len() {
            assert_eq!(shards.iter().filter(|s| s[i]).count(), 1);
        }
    }

    #[test]
    fn a_group_stays_in_one_shard() {
        let costs = [5, 5, 5, 1, 9, 8, 7];
        let groups = ["b/C", "a/A", "b/C", "a/A", "z/Z", "y/Y", "x/X"];
        let one = Shard { index: 1, count: 2 }.takes_grouped(&costs, &groups);
        let two = Shard { index: 2, count: 2 }.takes_grouped(&costs, &groups);
        assert_eq!(one[0], one[2]);
        assert_eq!(one[1], one[3]);
        for i in 0..costs.len() {
            assert_ne!(one[i], two[i]);
        }
        // b/C 10, z/Z 9, y/Y 8, x/X 7, a/A 6 (none above 40 / 4): 10 + 7 + 6 | 9 + 8.
        assert_eq!(one, vec![true, true, true, true, false, false, true]);
        // One class, two shards: its methods are split.
        let single = Shard { index: 1, count: 2 }.takes_grouped(&[1, 1], &["a/A", "a/A"]);
        assert_eq!(single, vec![true, false]);
    }

    #[test]
    fn a_class_above_half_a_fair_share_is_split_by_method() {
        // a/Big is 12 of 20: kept whole, one shard would take 12 and the other 8.
        let costs = [3, 3, 3, 3, 4, 4];
        let groups = ["a/Big", "a/Big", "a/Big", "a/Big", "b/S", "c/T"];
        let one = Shard { index: 1, count: 2 }.takes_grouped(&costs, &groups);
        let two = Shard { index: 2, count: 2 }.takes_grouped(&costs, &groups);
        let total = |s: &[bool]| -> u64 {
            s.iter()
                .zip(costs)
                .filter(|(t, _)| **t)
                .map(|(_, c)| c)
                .sum()
        };
        assert_eq!(total(&one), 10);
        assert_eq!(total(&two), 10);
        for i in 0..costs.len() {
            assert_ne!(one[i], two[i]);
        }
        // The small classes stay whole and apart.
        assert_ne!(one[4], one[5]);
    }

    #[test]
    fn the_partition_depends_only_on_the_costs() {
        let costs = [3, 3, 3, 3, 1];
        assert_eq!(partition(&costs, 2), partition(&costs, 2));
        assert_eq!(partition(&costs, 2), vec![0, 1, 0, 1, 0]);
    }
}
