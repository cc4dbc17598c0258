//! Halma computer player.
