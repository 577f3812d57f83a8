//! Group effort (004_803a11f5ee1b6e60.txt, "Group Effort"): a group acting as one gains a
//! bonus by its size — 1 for 2–3, 2 for 4–7, 3 for 8–15, ... (floor of log₂ of the count) —
//! on ability, reaction and attack rolls and on defense, and uses the median of its members'
//! scores. Any roll (`group_size`, `group_scores`) or combatant (`group_size`) can use it.

/// The group effort bonus for `count` members (0 for one; the seed's table doubles the
/// group for each +1).
pub fn group_bonus(count: u64) -> i64 {
    if count == 0 {
        0
    } else {
        i64::from(63 - count.leading_zeros())
    }
}

/// The median of `scores` (the mean of the middle two for an even count); `None` if empty.
pub fn median(scores: &[f64]) -> Option<f64> {
    if scores.is_empty() {
        return None;
    }
    let mut s = scores.to_vec();
    s.sort_by(f64::total_cmp);
    let mid = s.len() / 2;
    Some(if s.len() % 2 == 1 {
        s[mid]
    } else {
        (s[mid - 1] + s[mid]) / 2.0
    })
}

#[cfg(test)]
mod tests;
