//! `--variant V [--fen F]`, shared by the commands that start from one position.

use kingme_draughts::{Game, ParseFenError, Position, Variant};

#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// english (american), international, russian or brazilian.
    #[arg(long)]
    pub variant: Variant,
    /// The position (PDN FEN); the variant's start by default.
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    pub fn position(&self) -> Result<Position, ParseFenError> {
        match &self.fen {
            Some(fen) => Position::from_fen(self.variant, fen),
            None => Ok(Position::start(self.variant)),
        }
    }

    pub fn game(&self) -> Result<Game, ParseFenError> {
        self.position().map(Game::from_position)
    }
}
