//! Scores in centi-men from the side to move's view, with wins and losses at a distance.

/// Larger than every score: the initial bounds of a search.
pub const INFINITE: i32 = 32_000;
/// A win on the board right now (the side to move has already won).
pub const WIN: i32 = 31_000;
/// Scores at least this far from zero are wins or losses at a known distance.
pub const DECIDED: i32 = WIN - 1_000;

/// The score of winning `plies` plies from now.
#[inline]
pub const fn win_in(plies: usize) -> i32 {
    WIN - plies as i32
}

/// The score of losing `plies` plies from now (0: the side to move has no legal move).
#[inline]
pub const fn loss_in(plies: usize) -> i32 {
    -WIN + plies as i32
}

/// Whether `score` is a win or a loss rather than an evaluation.
#[inline]
pub const fn is_decided(score: i32) -> bool {
    score >= DECIDED || score <= -DECIDED
}

/// Plies to the end of the game for a decided score.
pub const fn plies_to_end(score: i32) -> u32 {
    (WIN - score.abs()) as u32
}

/// A score found `ply` plies below the root, stored relative to the node itself so that a
/// transposition reached at another ply keeps the right distance.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_survive_the_table_at_any_ply() {
        for ply in [0, 3, 17] {
            for s in [win_in(ply + 5), loss_in(ply + 2), 137, -42] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // Stored at ply 4 as "win in 5 from here", read at ply 1: win in 6 from the root.
        assert_eq!(from_tt(to_tt(win_in(9), 4), 1), win_in(6));
        assert!(win_in(3) > win_in(7) && loss_in(3) < loss_in(7));
        assert!(is_decided(loss_in(10)) && !is_decided(900));
        assert_eq!(plies_to_end(loss_in(4)), 4);
    }
}
