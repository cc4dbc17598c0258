//! The rules' errors as the page receives them: a stable code, the parameters its message names
//! (squares, lines, texts) and what went wrong inside, so that the page can say it in any
//! language; the English message stays for everything else (the CLI and the server use it).

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use tsify::Tsify;

/// Every problem the rules report to the page. Translations are keyed by these codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Anything else (the English message is all there is).
    Other,
    UnknownGame,
    UnknownLevel,
    PlayerCount,
    GameOver,
    NoSuchMove,
    SeatNotPlaying,
    NoLegalMove,
    NoDrawOffers,
    EmptyPath,
    SquareSyntax,
    SquareOffBoard,
    SquareLight,
    SquareNumber,
    MoveEmpty,
    MoveSyntax,
    MoveSquare,
    MoveIllegal,
    MoveAmbiguous,
    DrawOfferNotAllowed,
    NoOfferToAccept,
    NothingToUndo,
    PositionSquareIndex,
    PositionOverlap,
    PositionKingEmpty,
    PositionManOnCrowningRank,
    PositionTooManyPieces,
    FenEmpty,
    FenTurn,
    FenField,
    FenDuplicateColor,
    FenSquare,
    FenRange,
    FenDuplicateSquare,
    FenPosition,
    PdnTag,
    PdnUnclosedTag,
    PdnUnclosedComment,
    PdnUnclosedVariation,
    PdnGameType,
    PdnNoVariant,
    PdnFen,
    PdnMove,
    UnknownPoint,
    OnePoint,
    NotOwnPiece,
    NotEmpty,
    SamePoint,
    StepInChain,
    NotAJump,
    NothingToJumpOver,
    NoChain,
    LeavesTargetCamp,
    EndsInOwnCamp,
    PassNotAllowed,
    HalmaPositionShape,
    HalmaPositionSeat,
    HalmaPositionRound,
    HalmaPositionRowCount,
    HalmaPositionRowLength,
    HalmaPositionCell,
    HalmaPositionPieceCount,
    HalmaPositionSeatFinished,
    RecordTag,
    RecordUnclosedComment,
    RecordNoVariant,
    RecordVariant,
    RecordPlayers,
    RecordPlayerCount,
    RecordSeatNotInPlay,
    RecordPosition,
    RecordGivenPosition,
    RecordResult,
    RecordTermination,
    RecordConflictGame,
    RecordConflictPlayers,
    RecordConflictPosition,
    RecordRoundMarker,
    RecordMove,
    RecordResign,
    RecordDisagreesResult,
    RecordDisagreesTermination,
}

/// A rules error for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct ErrorView {
    pub code: ErrorCode,
    /// What the message names, by parameter name (always text: `{"square": "c3"}`).
    pub params: BTreeMap<String, String>,
    /// The problem inside this one (a PDN move's own error, a FEN's position error).
    pub cause: Option<Box<ErrorView>>,
    /// The whole message in English.
    pub message: String,
}

impl ErrorView {
    /// An error with no parameters and no cause.
    pub fn new(code: ErrorCode, message: impl fmt::Display) -> ErrorView {
        ErrorView {
            code,
            params: BTreeMap::new(),
            cause: None,
            message: message.to_string(),
        }
    }

    /// Adds the parameter `name`.
    pub fn with(mut self, name: &str, value: impl fmt::Display) -> ErrorView {
        self.params.insert(name.to_owned(), value.to_string());
        self
    }

    /// Adds the problem inside this one.
    pub fn caused_by(mut self, cause: ErrorView) -> ErrorView {
        self.cause = Some(Box::new(cause));
        self
    }
}

/// A rules error that knows its code and parameters.
pub trait Coded: fmt::Display {
    fn error_view(&self) -> ErrorView;
}

fn view(e: &impl fmt::Display, code: ErrorCode) -> ErrorView {
    ErrorView::new(code, e)
}

mod draughts {
    use super::{view, Coded, ErrorCode as C, ErrorView};
    use kingme_draughts::notation::ParseMoveError;
    use kingme_draughts::pdn::PdnError;
    use kingme_draughts::{
        ParseFenError, ParseSquareError, ParseVariantError, PlayError, PositionError,
    };

    impl Coded for ParseVariantError {
        fn error_view(&self) -> ErrorView {
            view(self, C::UnknownGame).with("name", &self.0)
        }
    }

    impl Coded for ParseSquareError {
        fn error_view(&self) -> ErrorView {
            match self {
                ParseSquareError::Syntax(s) => view(self, C::SquareSyntax).with("text", s),
                ParseSquareError::OffBoard(s) => view(self, C::SquareOffBoard).with("text", s),
                ParseSquareError::LightSquare(s) => view(self, C::SquareLight).with("text", s),
                ParseSquareError::NumberOutOfRange(s) => {
                    view(self, C::SquareNumber).with("text", s)
                }
            }
        }
    }

    impl Coded for ParseMoveError {
        fn error_view(&self) -> ErrorView {
            match self {
                ParseMoveError::Empty => view(self, C::MoveEmpty),
                ParseMoveError::Syntax { text, .. } => view(self, C::MoveSyntax).with("text", text),
                ParseMoveError::Square { text, error } => view(self, C::MoveSquare)
                    .with("text", text)
                    .caused_by(error.error_view()),
                ParseMoveError::Illegal { text, .. } => {
                    view(self, C::MoveIllegal).with("text", text)
                }
                ParseMoveError::Ambiguous { text, candidates } => view(self, C::MoveAmbiguous)
                    .with("text", text)
                    .with("candidates", candidates.join(", ")),
            }
        }
    }

    impl Coded for PlayError {
        fn error_view(&self) -> ErrorView {
            match self {
                PlayError::GameOver(_) => view(self, C::GameOver),
                PlayError::IllegalMove(m) => view(self, C::MoveIllegal).with("text", m),
                PlayError::Parse(e) => e.error_view(),
                PlayError::OfferNotAllowed => view(self, C::DrawOfferNotAllowed),
                PlayError::NoOfferToAccept => view(self, C::NoOfferToAccept),
                PlayError::NothingToUndo => view(self, C::NothingToUndo),
            }
        }
    }

    impl Coded for PositionError {
        fn error_view(&self) -> ErrorView {
            match self {
                PositionError::SquareOffBoard(i) => {
                    view(self, C::PositionSquareIndex).with("index", i)
                }
                PositionError::Overlap(s) => view(self, C::PositionOverlap).with("square", s),
                PositionError::KingOnEmptySquare(s) => {
                    view(self, C::PositionKingEmpty).with("square", s)
                }
                PositionError::ManOnCrowningRank(s) => {
                    view(self, C::PositionManOnCrowningRank).with("square", s)
                }
                PositionError::TooManyPieces { color, count, max } => {
                    view(self, C::PositionTooManyPieces)
                        .with("color", color.to_string().to_lowercase())
                        .with("count", count)
                        .with("max", max)
                }
            }
        }
    }

    impl Coded for ParseFenError {
        fn error_view(&self) -> ErrorView {
            match self {
                ParseFenError::Empty => view(self, C::FenEmpty),
                ParseFenError::InvalidTurn(t) => view(self, C::FenTurn).with("text", t),
                ParseFenError::InvalidField(t) => view(self, C::FenField).with("text", t),
                ParseFenError::DuplicateColor(c) => {
                    view(self, C::FenDuplicateColor).with("color", c)
                }
                ParseFenError::InvalidSquare { token, .. } => {
                    view(self, C::FenSquare).with("text", token)
                }
                ParseFenError::InvalidRange(t) => view(self, C::FenRange).with("text", t),
                ParseFenError::DuplicateSquare(t) => {
                    view(self, C::FenDuplicateSquare).with("square", t)
                }
                ParseFenError::Position(e) => view(self, C::FenPosition).caused_by(e.error_view()),
            }
        }
    }

    impl Coded for PdnError {
        fn error_view(&self) -> ErrorView {
            match self {
                PdnError::Tag { line, .. } => view(self, C::PdnTag).with("line", line),
                PdnError::Unterminated { line, what } => {
                    let code = match *what {
                        "tag" => C::PdnUnclosedTag,
                        "comment" => C::PdnUnclosedComment,
                        "variation" => C::PdnUnclosedVariation,
                        _ => C::Other,
                    };
                    view(self, code).with("line", line)
                }
                PdnError::UnknownGameType(t) => view(self, C::PdnGameType).with("name", t),
                PdnError::NoVariant => view(self, C::PdnNoVariant),
                PdnError::Fen(e) => view(self, C::PdnFen).caused_by(e.error_view()),
                PdnError::Move { ply, token, error } => view(self, C::PdnMove)
                    .with("ply", ply)
                    .with("text", token)
                    .caused_by(error.error_view()),
            }
        }
    }
}

mod halma {
    use super::{view, Coded, ErrorCode as C, ErrorView};
    use kingme_halma::notation::ParseMoveError;
    use kingme_halma::record::RecordError;
    use kingme_halma::{ParsePositionError, ParseVariantError, PlayError, PlayerCountError};

    impl Coded for ParseVariantError {
        fn error_view(&self) -> ErrorView {
            view(self, C::UnknownGame).with("name", &self.0)
        }
    }

    impl Coded for PlayerCountError {
        fn error_view(&self) -> ErrorView {
            let counts: Vec<String> = self
                .variant
                .player_counts()
                .iter()
                .map(u8::to_string)
                .collect();
            view(self, C::PlayerCount)
                .with("game", self.variant.key())
                .with("players", self.players)
                .with("counts", counts.join(", "))
        }
    }

    impl Coded for ParseMoveError {
        fn error_view(&self) -> ErrorView {
            use ParseMoveError::*;
            match self {
                Empty => view(self, C::MoveEmpty),
                GameOver => view(self, C::GameOver),
                UnknownPoint(p) => view(self, C::UnknownPoint).with("point", p),
                OnePoint(p) => view(self, C::OnePoint).with("point", p),
                NotOwnPiece { point, seat } => view(self, C::NotOwnPiece)
                    .with("point", point)
                    .with("seat", seat.number()),
                NotEmpty(p) => view(self, C::NotEmpty).with("point", p),
                SamePoint(p) => view(self, C::SamePoint).with("point", p),
                StepInChain { from, to } => {
                    view(self, C::StepInChain).with("from", from).with("to", to)
                }
                NotAJump { from, to } => view(self, C::NotAJump).with("from", from).with("to", to),
                NothingToJumpOver { from, to } => view(self, C::NothingToJumpOver)
                    .with("from", from)
                    .with("to", to),
                NoChain { from, to } => view(self, C::NoChain).with("from", from).with("to", to),
                LeavesTargetCamp(p) => view(self, C::LeavesTargetCamp).with("point", p),
                EndsInOwnCamp { point, move_number } => view(self, C::EndsInOwnCamp)
                    .with("point", point)
                    .with("move", move_number),
                PassNotAllowed(s) => view(self, C::PassNotAllowed).with("seat", s.number()),
            }
        }
    }

    impl Coded for PlayError {
        fn error_view(&self) -> ErrorView {
            match self {
                PlayError::GameOver => view(self, C::GameOver),
                PlayError::Illegal(m) => view(self, C::MoveIllegal).with("text", format!("{m:?}")),
                PlayError::NotPlaying(s) => view(self, C::SeatNotPlaying).with("seat", s.number()),
            }
        }
    }

    impl Coded for ParsePositionError {
        fn error_view(&self) -> ErrorView {
            use ParsePositionError::*;
            match self {
                Shape => view(self, C::HalmaPositionShape),
                Seat(s) => view(self, C::HalmaPositionSeat).with("text", s),
                Round(s) => view(self, C::HalmaPositionRound).with("text", s),
                RowCount { expected, found } => view(self, C::HalmaPositionRowCount)
                    .with("expected", expected)
                    .with("found", found),
                RowLength {
                    row,
                    expected,
                    found,
                } => view(self, C::HalmaPositionRowLength)
                    .with("row", row)
                    .with("expected", expected)
                    .with("found", found),
                Cell { row, found } => view(self, C::HalmaPositionCell)
                    .with("row", row)
                    .with("found", found),
                PieceCount {
                    seat,
                    expected,
                    found,
                } => view(self, C::HalmaPositionPieceCount)
                    .with("seat", seat.number())
                    .with("expected", expected)
                    .with("found", found),
                SeatToMoveFinished(s) => {
                    view(self, C::HalmaPositionSeatFinished).with("seat", s.number())
                }
            }
        }
    }

    impl Coded for RecordError {
        fn error_view(&self) -> ErrorView {
            use RecordError::*;
            match self {
                Tag { line, .. } => view(self, C::RecordTag).with("line", line),
                UnclosedComment { line } => view(self, C::RecordUnclosedComment).with("line", line),
                NoVariant => view(self, C::RecordNoVariant),
                Variant(e) => view(self, C::RecordVariant).caused_by(e.error_view()),
                Players(p) => view(self, C::RecordPlayers).with("text", p),
                PlayerCount(e) => view(self, C::RecordPlayerCount).caused_by(e.error_view()),
                SeatNotInPlay { tag, setup } => {
                    let seats: Vec<String> = setup
                        .layout()
                        .seats
                        .iter()
                        .map(|s| s.number().to_string())
                        .collect();
                    view(self, C::RecordSeatNotInPlay)
                        .with("tag", tag)
                        .with("seats", seats.join(", "))
                }
                Position(e) => view(self, C::RecordPosition).caused_by(e.error_view()),
                GivenPosition(e) => view(self, C::RecordGivenPosition).caused_by(e.error_view()),
                Result { text, .. } => view(self, C::RecordResult).with("text", text),
                Termination(t) => view(self, C::RecordTermination).with("text", t),
                Conflict {
                    what,
                    record,
                    given,
                } => {
                    let code = match *what {
                        "game" => C::RecordConflictGame,
                        "number of players" => C::RecordConflictPlayers,
                        "Position" => C::RecordConflictPosition,
                        _ => C::Other,
                    };
                    view(self, code).with("record", record).with("given", given)
                }
                RoundMarker { found, round } => view(self, C::RecordRoundMarker)
                    .with("found", found)
                    .with("round", round),
                Move {
                    round,
                    seat,
                    text,
                    error,
                } => view(self, C::RecordMove)
                    .with("round", round)
                    .with("seat", seat.number())
                    .with("text", text)
                    .caused_by(error.error_view()),
                Resign { round, text, .. } => view(self, C::RecordResign)
                    .with("round", round)
                    .with("text", text),
                Disagrees { what, record, game } => {
                    let code = match *what {
                        "result" => C::RecordDisagreesResult,
                        "termination" => C::RecordDisagreesTermination,
                        _ => C::Other,
                    };
                    view(self, code).with("record", record).with("game", game)
                }
            }
        }
    }
}

impl Coded for kingme_engine_core::ParseLevelError {
    fn error_view(&self) -> ErrorView {
        view(self, ErrorCode::UnknownLevel).with("name", &self.0)
    }
}
