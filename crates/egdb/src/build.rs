//! Generation by retrograde analysis.
//!
//! The tables are built a pair at a time: a signature and its swap (the same material with the
//! other side to move), because a move within the material leads from one to the other.
//! Captures and crownings lead to tables built before (fewer pieces, or fewer men with as many
//! pieces): [`build_order`] lists the pairs in that order.
//!
//! For a pair, every position's legal moves come from the rules crate once. A move to a table
//! built before is looked up at once; a move within the pair is kept as an edge. Then the values
//! are found round by round: in round `r` (odd) a position with a move to a loss in `r − 1` is a
//! win in `r`; in round `r` (even) a position all of whose moves lead to wins in fewer than `r`
//! plies is a loss in `r`. Round `r` only ever settles distance `r`, so every distance is the
//! shortest win (or the longest defence). What no round settles is a draw.

use crate::index::Board;
use crate::{Egdb, Signature, Value};
use kingme_draughts::{MoveList, Variant};
use std::fmt;

/// Why a table could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A move leads to a table that was not built first.
    Missing(Signature),
    /// A distance beyond what a byte holds (254 plies).
    TooDeep { signature: Signature, plies: u32 },
    /// A table too large for this generator (its indices must fit 32 bits).
    TooLarge {
        signature: Signature,
        positions: u64,
    },
    /// The pair is not a signature and its swap.
    BadPair,
    /// A built table was refused by the database (a generator fault).
    Refused(crate::FormatError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Missing(s) => write!(f, "the table {s} must be built first"),
            BuildError::TooDeep { signature, plies } => write!(
                f,
                "table {signature}: a distance of {plies} plies does not fit the format (at most 254)"
            ),
            BuildError::TooLarge {
                signature,
                positions,
            } => write!(
                f,
                "table {signature} has {positions} positions, too many for this generator"
            ),
            BuildError::BadPair => f.write_str("a pair must be a signature and its swap"),
            BuildError::Refused(e) => write!(f, "a built table was refused: {e}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl Egdb {
    /// Builds the tables of `pairs` in memory, each pair from the ones before it (in
    /// [`build_order`]'s order, or any order where a pair's captures lead to earlier pairs).
    ///
    /// # Errors
    /// [`BuildError`] as [`build_pair`] says.
    pub fn build_in_memory(
        variant: Variant,
        pairs: impl IntoIterator<Item = Vec<Signature>>,
    ) -> Result<Egdb, BuildError> {
        let mut db = Egdb::new(variant);
        for pair in pairs {
            for (sig, values) in build_pair(variant, &pair, &db, &mut |_| {})? {
                db.insert(sig, values).map_err(BuildError::Refused)?;
            }
        }
        Ok(db)
    }
}

/// How far the building of a pair has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Moves generated for `done` of `total` positions.
    Moves { done: u64, total: u64 },
    /// Round `round` settled `settled` positions; `open` remain.
    Round { round: u32, settled: u64, open: u64 },
}

/// Every pair of tables with 2 to `max_pieces` pieces (at least one a side), in an order in
/// which each pair only needs pairs before it. A pair is one signature when its swap is
/// itself.
pub fn build_order(max_pieces: u32) -> Vec<Vec<Signature>> {
    let mut sigs = Vec::new();
    let n = max_pieces.min(9) as u8;
    for am in 0..=n {
        for ak in 0..=n - am {
            for bm in 0..=n - am - ak {
                for bk in 0..=n - am - ak - bm {
                    let s = Signature::new(am, ak, bm, bk);
                    if s.to_move.count() > 0 && s.other.count() > 0 {
                        sigs.push(s);
                    }
                }
            }
        }
    }
    let key = |s: &Signature| {
        let pair = std::cmp::min(*s, s.swapped());
        (s.pieces(), s.to_move.men + s.other.men, pair)
    };
    sigs.sort_by_key(key);
    let mut pairs: Vec<Vec<Signature>> = Vec::new();
    for s in sigs {
        let first = std::cmp::min(s, s.swapped());
        match pairs.last_mut() {
            Some(last) if last[0] == first => {
                if s != first {
                    last.push(s);
                }
            }
            _ => pairs.push(vec![first]),
        }
    }
    pairs
}

const OPEN: u16 = u16::MAX;

/// Builds the tables of `pair` (a signature and its swap, or a signature that is its own swap)
/// in `variant`; `known` holds every table a capture or crowning leads to. Returns each
/// signature with its values (one byte per index, [`Value::code`]).
///
/// # Errors
/// [`BuildError`] when a needed table is missing, a table is too large, or a distance does not
/// fit a byte.
pub fn build_pair(
    variant: Variant,
    pair: &[Signature],
    known: &Egdb,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<(Signature, Vec<u8>)>, BuildError> {
    let ok = match pair {
        [a] => *a == a.swapped(),
        [a, b] => *b == a.swapped() && a != b,
        _ => false,
    };
    if !ok {
        return Err(BuildError::BadPair);
    }
    let board = Board::of(variant);
    let sizes: Vec<u64> = pair.iter().map(|s| s.size(variant)).collect();
    let total: u64 = sizes.iter().sum();
    if total >= u64::from(u32::MAX) {
        return Err(BuildError::TooLarge {
            signature: pair[0],
            positions: total,
        });
    }
    let base = |k: usize| sizes[..k].iter().sum::<u64>();
    let n = total as usize;
    let mut dist = vec![OPEN; n];
    // What the moves out of the pair give: the shortest win, and the longest loss when every
    // such move loses (`can_lose` is false once one of them draws or reaches an open child).
    let mut exit_win = vec![OPEN; n];
    let mut exit_loss = vec![0u16; n];
    let mut can_lose = vec![true; n];
    let mut edges_at: Vec<u32> = Vec::with_capacity(n + 1);
    let mut edges: Vec<u32> = Vec::new();
    let mut max_exit = 0u16;
    let mut moves = MoveList::new();
    for (k, &sig) in pair.iter().enumerate() {
        for idx in 0..sizes[k] {
            let i = (base(k) + idx) as usize;
            edges_at.push(edges.len() as u32);
            if i.is_multiple_of(65_536) {
                progress(Progress::Moves {
                    done: i as u64,
                    total,
                });
            }
            let Some(pos) = board.position(sig, idx) else {
                // Not reached: every index is a legal placement (tested).
                can_lose[i] = false;
                continue;
            };
            moves.clear();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                dist[i] = 0;
                continue;
            }
            for m in &moves {
                let mut child = pos;
                child.play_unchecked(m);
                let cs = Signature::of(&child);
                if cs.to_move.count() == 0 {
                    exit_win[i] = 1;
                    max_exit = max_exit.max(1);
                    continue;
                }
                let d = board.dense(&child);
                let ci = board.index(cs, &d);
                if let Some(kk) = pair.iter().position(|&s| s == cs) {
                    edges.push((base(kk) + ci) as u32);
                    continue;
                }
                let code = known.value_at(cs, ci).ok_or(BuildError::Missing(cs))?;
                match Value::from_code(code) {
                    Value::Draw => can_lose[i] = false,
                    Value::Loss(d) => {
                        let w = u16::from(d) + 1;
                        exit_win[i] = exit_win[i].min(w);
                        max_exit = max_exit.max(w);
                    }
                    Value::Win(d) => {
                        let l = u16::from(d) + 1;
                        exit_loss[i] = exit_loss[i].max(l);
                        max_exit = max_exit.max(l);
                    }
                }
            }
        }
    }
    edges_at.push(edges.len() as u32);
    progress(Progress::Moves { done: total, total });

    let mut open: Vec<u32> = (0..n as u32)
        .filter(|&i| dist[i as usize] == OPEN)
        .collect();
    let mut round: u16 = 0;
    loop {
        round += 1;
        let mut settled = Vec::new();
        for &i in &open {
            let iu = i as usize;
            let children = &edges[edges_at[iu] as usize..edges_at[iu + 1] as usize];
            let done = if round % 2 == 1 {
                exit_win[iu] == round || children.iter().any(|&c| dist[c as usize] == round - 1)
            } else {
                can_lose[iu]
                    && exit_win[iu] == OPEN
                    && exit_loss[iu] <= round
                    && children.iter().all(|&c| dist[c as usize] < round)
            };
            if done {
                settled.push(i);
            }
        }
        // Settled after the scan: a position settled in this round never decides another in
        // the same round (its distance is `round`, and the tests above read distances below).
        for &i in &settled {
            dist[i as usize] = round;
        }
        if !settled.is_empty() {
            open.retain(|&i| dist[i as usize] == OPEN);
        }
        progress(Progress::Round {
            round: u32::from(round),
            settled: settled.len() as u64,
            open: open.len() as u64,
        });
        if (settled.is_empty() && round > max_exit) || open.is_empty() {
            break;
        }
        if round == OPEN - 1 {
            break;
        }
    }

    let mut out = Vec::with_capacity(pair.len());
    for (k, &sig) in pair.iter().enumerate() {
        let from = base(k) as usize;
        let mut values = Vec::with_capacity(sizes[k] as usize);
        for &d in &dist[from..from + sizes[k] as usize] {
            if d == OPEN {
                values.push(0);
            } else if d >= 255 {
                return Err(BuildError::TooDeep {
                    signature: sig,
                    plies: u32::from(d),
                });
            } else {
                values.push(d as u8 + 1);
            }
        }
        out.push((sig, values));
    }
    Ok(out)
}
