//! The computer opponent: search and evaluation over kingme-draughts.
